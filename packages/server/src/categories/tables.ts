/** Rows of the categories domain. Instants are int8 ms. */
export interface CategoryRow {
  user_id: string;
  id: string;
  title: string;
  description: string;
  /** One of core's CATEGORY_COLORS. */
  color: string;
  /** One of core's CATEGORY_ICONS. */
  icon: string;
  created_at: number;
  updated_at: number;
}

export interface CategoriesTables {
  categories: CategoryRow;
}
