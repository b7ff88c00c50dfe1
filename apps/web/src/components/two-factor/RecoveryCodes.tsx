/** The 10 recovery codes, shown once right after two-factor sign-in is turned on. */
export function RecoveryCodes({ codes }: { codes: string[] }) {
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm text-slate-700">
        Save these recovery codes somewhere safe. Each works once if you lose your authenticator app. They will not be
        shown again.
      </p>
      <ul aria-label="Recovery codes" className="grid grid-cols-2 gap-1 rounded-lg bg-slate-50 p-3 font-mono text-sm">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
    </div>
  );
}
