//go:build !unix

package studystore

// Without flock(2) a long writer cannot see who waits: writes still poll for the lock, and the
// long writer's pauses between batches are their only chance.
type waitRoom struct{}

func openWaitRoom(dir string) *waitRoom { return nil }
func (w *waitRoom) enter() bool         { return false }
func (w *waitRoom) occupied() bool      { return false }
func (w *waitRoom) close()              {}
