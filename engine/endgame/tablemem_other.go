//go:build !linux

package endgame

// reserve gives t n entries.
func (t *table) reserve(n int) { t.entries = make([]ttEntry, n) }
