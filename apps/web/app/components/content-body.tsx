/**
 * A content page's body: the API's HTML, already limited to paragraphs, headings, lists, quotes,
 * emphasis and links (apps/api/src/catalogue/page-html.ts), so it is shown as it is.
 */
export function ContentBody({ body }: { body: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the API sanitises every page body it serves
  return <div className="content-body mt-4" dangerouslySetInnerHTML={{ __html: body }} />;
}
