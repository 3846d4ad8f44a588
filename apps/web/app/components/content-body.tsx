/** A content page's body: plain paragraphs separated by blank lines. */
export function ContentBody({ body }: { body: string }) {
  return body.split(/\n{2,}/).map((paragraph) => (
    <p key={paragraph.slice(0, 40)} className="mt-4 leading-relaxed text-ink-soft">
      {paragraph}
    </p>
  ));
}
