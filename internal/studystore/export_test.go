package studystore

// PagesChecked reports whether Open read s's file through (PRAGMA quick_check).
func PagesChecked(s *Store) bool { return s.pagesChecked }
