package lexicon

import (
	"io"

	"github.com/atril-scrabble/atril/internal/fileio"
)

// InputLine is one line a player typed, decoded as DecodeLine does, or the read error that
// ended the input.
type InputLine struct {
	Text string
	Err  error
	// TooLong: a line longer than MaxAnswerLine came and was dropped (Text is empty). Input
	// goes on: the player is told, and asked again.
	TooLong bool
}

const (
	// MaxAnswerLine is the longest answer line read: a rack's words fill a few hundred bytes,
	// and a longer line (a paste gone wrong, /dev/zero) is dropped, not kept in memory.
	MaxAnswerLine = 4 << 10
	// MaxAnswerInput is how much a session reads in all before it ends with an error: a
	// million typed answers, and not for ever when standard input never ends.
	MaxAnswerInput = 64 << 20
)

// ReadLines sends each line of r until EOF or an error (sent as the last line), then closes
// out. It stops early when done closes, so a session that ends leaves no reader blocked on a
// send. Drills and puzzles read their answers through it; r is standard input in errors.
func ReadLines(r io.Reader, out chan<- InputLine, done <-chan struct{}) {
	defer close(out)
	lr := fileio.NewLineReader(r, fileio.Stdin, MaxAnswerLine, MaxAnswerInput)
	send := func(l InputLine) bool {
		select {
		case out <- l:
			return true
		case <-done:
			return false
		}
	}
	for {
		b, dropped, err := lr.ReadLine()
		switch {
		case err == io.EOF:
			return
		case err != nil:
			send(InputLine{Err: err})
			return
		case dropped:
			if !send(InputLine{TooLong: true}) {
				return
			}
		default:
			if !send(InputLine{Text: DecodeLine(b)}) {
				return
			}
		}
	}
}
