// The storefront widgets as pure React components (props in, markup out): the API renders them to
// HTML on the server and the admin renders the same components as live previews.
export { ReviewBox, ReviewList, SummaryBlock } from './ReviewBox';
export { StarRating, countText } from './StarRating';
export { Carousel } from './Carousel';
export { Popup } from './Popup';
export { Sidebar } from './Sidebar';
export { AllReviews } from './AllReviews';
export { SubmitForm, PHOTO_ACCEPT } from './SubmitForm';
export { Testimonials } from './Testimonials';
export { CustomerPortalReviews } from './CustomerPortalReviews';
export { UpsellRating } from './UpsellRating';
export { StoreBadge } from './StoreBadge';
export { ReviewItem } from './ReviewItem';
export { Stars } from './Stars';
export { widgetCss, escapeCss, SAY_CSS, type WidgetBlock } from './css';
export { formatDate, reviewerName, safeMediaUrl, starsLabel, submitUrl } from './format';
