package lexicon

import (
	"errors"
	"io"
	"strings"
	"testing"
)

type failingReader struct {
	r io.Reader
}

var errBroken = errors.New("broken pipe")

func (f failingReader) Read(b []byte) (int, error) {
	n, err := f.r.Read(b)
	if err == io.EOF {
		return n, errBroken
	}
	return n, err
}

func TestReadLines(t *testing.T) {
	tests := []struct {
		name    string
		in      io.Reader
		want    []string
		wantErr error
	}{
		{"unix and windows ends, last line unterminated", strings.NewReader("casa\r\nÑANDÚ\nfin"), []string{"casa", "ÑANDÚ", "fin"}, nil},
		{"latin-1 bytes read as their letters", strings.NewReader("\xd1and\xfa\n"), []string{"Ñandú"}, nil},
		{"a read error ends the input after the lines before it", failingReader{strings.NewReader("uno\n")}, []string{"uno"}, errBroken},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out := make(chan InputLine)
			go ReadLines(tt.in, out, make(chan struct{}))
			var got []string
			var gotErr error
			for l := range out {
				if l.Err != nil {
					gotErr = l.Err
					continue
				}
				got = append(got, l.Text)
			}
			if strings.Join(got, "|") != strings.Join(tt.want, "|") || !errors.Is(gotErr, tt.wantErr) {
				t.Fatalf("got %q, %v; want %q, %v", got, gotErr, tt.want, tt.wantErr)
			}
		})
	}
}

func TestReadLinesStopsWhenDone(t *testing.T) {
	out := make(chan InputLine)
	done := make(chan struct{})
	finished := make(chan struct{})
	go func() { ReadLines(strings.NewReader("a\nb\nc\n"), out, done); close(finished) }()
	<-out
	close(done)
	<-finished // a reader blocked on a send would hang here
	for range out {
	}
}
