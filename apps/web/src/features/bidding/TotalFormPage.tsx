import BiddingForm from './BiddingFormPage';

/** /rent/total: the comprehensive bidding form. */
export default function TotalFormPage() {
  return <BiddingForm classify={2} />;
}
