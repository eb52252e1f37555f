// The check-in page is loaded as a page of its own, never reached from inside
// the app: a browser lets a document use the camera only when the document
// was loaded at the check-in address (the server's Permissions-Policy,
// src/http/static-ui.ts), and allows it on no other page.
export const checkInHref = (activity?: number) => (activity ? `/activity/checkin?activity=${activity}` : "/activity/checkin");

export const openCheckIn = (activity?: number) => window.location.assign(checkInHref(activity));
