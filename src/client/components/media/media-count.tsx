/** How many library images there are, or how many match the search (announced when it changes). */
export function MediaCount({ total, search }: { total: number; search: string }) {
  return (
    <p role="status" className="text-sm text-muted-foreground">
      {search
        ? `${total} ${total === 1 ? 'image matches' : 'images match'}`
        : `${total} ${total === 1 ? 'image' : 'images'}`}
    </p>
  );
}
