package lexicon

import (
	"bufio"
	"io"
	"strings"
)

// InputLine is one line a player typed, decoded as DecodeLine does, or the read error that
// ended the input.
type InputLine struct {
	Text string
	Err  error
}

// ReadLines sends each line of r until EOF or an error (sent as the last line), then closes
// out. It stops early when done closes, so a session that ends leaves no reader blocked on a
// send. Drills and puzzles read their answers through it.
func ReadLines(r io.Reader, out chan<- InputLine, done <-chan struct{}) {
	defer close(out)
	br := bufio.NewReaderSize(r, 64<<10)
	for {
		s, err := br.ReadString('\n')
		if s != "" {
			select {
			case out <- InputLine{Text: DecodeLine([]byte(strings.TrimSuffix(s, "\n")))}:
			case <-done:
				return
			}
		}
		if err != nil {
			if err != io.EOF {
				select {
				case out <- InputLine{Err: err}:
				case <-done:
				}
			}
			return
		}
	}
}
