/** Empty: the layout beside it says what is not found, which it alone can know here. */
export default function CachedLeaderboardNotFound() {
  return null;
}
