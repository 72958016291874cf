/** One labelled figure in a sample's facts line. */
export function Fact({
  label,
  children,
  testId,
}: {
  label: string;
  children: React.ReactNode;
  testId?: string;
}) {
  return (
    <span data-testid={testId}>
      <span className="text-slate-500">{label}</span>{" "}
      <strong className="tabular-nums">{children}</strong>
    </span>
  );
}
