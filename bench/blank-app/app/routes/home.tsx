export function meta() {
  return [{ title: "Blank" }];
}

export default function Home() {
  return <p>A blank React Router page.</p>;
}
