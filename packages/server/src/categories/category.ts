/** A category as the services see it (rows never leave the repository). */
export interface Category {
  id: string;
  title: string;
  description: string;
  /** One of core's CATEGORY_COLORS. */
  color: string;
  /** One of core's CATEGORY_ICONS. */
  icon: string;
  createdAt: number;
  updatedAt: number;
}
