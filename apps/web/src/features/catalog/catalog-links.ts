export const categoryHref = (slug: string) => `/category?category=${encodeURIComponent(slug)}`;

export const productHref = (id: number) => `/productdetails/${id}`;
