/** The card the signed-out screens share: sign-in, a forgotten password, a new password. */
export function AuthCard({ children }: { children: React.ReactNode }) {
  return (
    <main className="grid min-h-dvh place-items-center p-4">
      <div className="w-full max-w-sm rounded-2xl bg-white p-6 shadow-sm ring-1 ring-line">{children}</div>
    </main>
  );
}
