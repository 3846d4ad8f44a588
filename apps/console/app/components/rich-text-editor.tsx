import { type Editor, EditorContent, useEditor, useEditorState } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { type MessageKey, useT } from "../lib/i18n.ts";

/**
 * The blocks and marks a content page may hold: what the API keeps of its HTML (page-html.ts), no
 * more, so what the editor shows is what the storefront shows.
 */
const EXTENSIONS = [
  StarterKit.configure({
    heading: { levels: [2, 3] },
    code: false,
    codeBlock: false,
    horizontalRule: false,
    underline: false,
    link: { openOnClick: false, autolink: true, protocols: ["mailto", "tel"] },
  }),
];

interface Tool {
  label: MessageKey;
  symbol: string;
  active: (editor: Editor) => boolean;
  run: (editor: Editor) => void;
}

const TOOLS: Tool[] = [
  {
    label: "pages.tool.bold",
    symbol: "B",
    active: (e) => e.isActive("bold"),
    run: (e) => e.chain().focus().toggleBold().run(),
  },
  {
    label: "pages.tool.italic",
    symbol: "I",
    active: (e) => e.isActive("italic"),
    run: (e) => e.chain().focus().toggleItalic().run(),
  },
  {
    label: "pages.tool.strike",
    symbol: "S",
    active: (e) => e.isActive("strike"),
    run: (e) => e.chain().focus().toggleStrike().run(),
  },
  {
    label: "pages.tool.heading",
    symbol: "H2",
    active: (e) => e.isActive("heading", { level: 2 }),
    run: (e) => e.chain().focus().toggleHeading({ level: 2 }).run(),
  },
  {
    label: "pages.tool.subheading",
    symbol: "H3",
    active: (e) => e.isActive("heading", { level: 3 }),
    run: (e) => e.chain().focus().toggleHeading({ level: 3 }).run(),
  },
  {
    label: "pages.tool.bulletList",
    symbol: "•",
    active: (e) => e.isActive("bulletList"),
    run: (e) => e.chain().focus().toggleBulletList().run(),
  },
  {
    label: "pages.tool.orderedList",
    symbol: "1.",
    active: (e) => e.isActive("orderedList"),
    run: (e) => e.chain().focus().toggleOrderedList().run(),
  },
  {
    label: "pages.tool.quote",
    symbol: "❝",
    active: (e) => e.isActive("blockquote"),
    run: (e) => e.chain().focus().toggleBlockquote().run(),
  },
];

/**
 * A rich-text field for a content page in one language: a toolbar of the allowed formatting (each a
 * toggle button that says whether it is on) over the text, which reports its HTML on every change.
 */
export default function RichTextEditor({
  id,
  label,
  lang,
  value,
  onChange,
  invalid,
}: {
  id: string;
  label: string;
  lang: string;
  value: string;
  onChange: (html: string) => void;
  invalid: boolean;
}) {
  const t = useT();
  const editor = useEditor({
    extensions: EXTENSIONS,
    // TipTap would add its base styles as an inline <style>, which the console's policy refuses;
    // they are in app.css instead.
    injectCSS: false,
    content: value,
    editorProps: {
      attributes: {
        id,
        lang,
        role: "textbox",
        "aria-multiline": "true",
        "aria-label": label,
        ...(invalid ? { "aria-invalid": "true" } : {}),
        class: "content-editor min-h-64 rounded-b-lg border border-line border-t-0 bg-white px-3 py-2",
      },
    },
    onUpdate: ({ editor: changed }) => onChange(changed.isEmpty ? "" : changed.getHTML()),
  });
  // The toolbar follows the selection: which marks and blocks are on where the caret is.
  const active = useEditorState({
    editor,
    selector: ({ editor: current }) =>
      current
        ? { tools: TOOLS.map((tool) => tool.active(current)), link: current.isActive("link") }
        : { tools: TOOLS.map(() => false), link: false },
  });
  if (!editor) return null;
  const setLink = () => {
    const previous = (editor.getAttributes("link").href as string | undefined) ?? "";
    const href = window.prompt(t("pages.linkPrompt"), previous)?.trim();
    if (href === undefined) return;
    if (href === "") editor.chain().focus().unsetLink().run();
    else editor.chain().focus().extendMarkRange("link").setLink({ href }).run();
  };
  const button = (pressed: boolean) =>
    `min-w-9 rounded-md px-2 py-1 text-sm ${pressed ? "bg-accent-soft text-accent" : "hover:bg-surface"}`;
  return (
    <div>
      {/* A press on a tool keeps the focus and the selection in the text, so what is typed next goes
          there at once (the tool's own focus() comes a frame later); the keyboard still tabs to it. */}
      <div
        role="toolbar"
        aria-label={t("pages.toolbar")}
        aria-controls={id}
        onMouseDown={(event) => event.preventDefault()}
        className="flex flex-wrap gap-1 rounded-t-lg border border-line bg-surface/60 p-1"
      >
        {TOOLS.map((tool, index) => (
          <button
            key={tool.label}
            type="button"
            aria-label={t(tool.label)}
            title={t(tool.label)}
            aria-pressed={active.tools[index]}
            onClick={() => tool.run(editor)}
            className={button(Boolean(active.tools[index]))}
          >
            <span aria-hidden="true">{tool.symbol}</span>
          </button>
        ))}
        <button type="button" aria-pressed={active.link} onClick={setLink} className={button(active.link)}>
          {t("pages.tool.link")}
        </button>
        {active.link ? (
          <button
            type="button"
            onClick={() => editor.chain().focus().unsetLink().run()}
            className={button(false)}
          >
            {t("pages.tool.unlink")}
          </button>
        ) : null}
      </div>
      <EditorContent editor={editor} />
    </div>
  );
}
