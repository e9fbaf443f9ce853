import ResponseFormPage from './ResponseFormPage';

/** /response/edit/{offerId}: the quote form on the company's own response. */
export default function ResponseEditPage() {
  return <ResponseFormPage edit />;
}
