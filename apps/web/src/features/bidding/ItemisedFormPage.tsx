import BiddingForm from './BiddingFormPage';

/** /rent/public: the itemised bidding form. */
export default function ItemisedFormPage() {
  return <BiddingForm classify={1} />;
}
