/** The native shell's Apple calendar bind (docs/ics-feed-and-apple-calendar.md). */
type AppleCalendarBindRow = {
  user_id: string;
  /** The device calendar's title, as the shell reads it. */
  calendar_title: string;
  /** One of the user's categories: the category its events get. */
  category_id: string;
};

type AppleCalendarUploadRow = {
  user_id: string;
  /** The shell's hash of the events it last uploaded ('' never stored: no row instead). */
  version_hash: string;
  uploaded_at: number;
};

export type AppleCalendarTables = {
  apple_calendar_binds: AppleCalendarBindRow;
  apple_calendar_uploads: AppleCalendarUploadRow;
};
