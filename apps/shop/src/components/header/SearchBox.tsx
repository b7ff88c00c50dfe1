/** The header's product search: a plain form, so it works before the app has loaded too. */
export function SearchBox() {
  return (
    <search className="flex-1">
      <form action="/shop/search">
        <label htmlFor="site-search" className="sr-only">
          Search products
        </label>
        <input
          id="site-search"
          name="q"
          type="search"
          placeholder="Search"
          className="w-full rounded-md border border-stone-300 px-3 py-1.5 text-sm"
        />
      </form>
    </search>
  );
}
