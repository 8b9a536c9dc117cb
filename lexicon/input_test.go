package lexicon

import (
	"errors"
	"io"
	"strings"
	"testing"
	"time"
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
	t.Parallel()
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
	t.Parallel()
	out := make(chan InputLine)
	done := make(chan struct{})
	finished := make(chan struct{})
	go func() { ReadLines(strings.NewReader("a\nb\nc\n"), out, done); close(finished) }()
	if first := <-out; first.Text != "a" {
		t.Fatalf("first line %+v, want a", first)
	}
	close(done)
	select {
	case <-finished:
	case <-time.After(10 * time.Second):
		t.Fatal("ReadLines still blocked on a send 10 s after done closed")
	}
	// Nobody received after done: nothing more was sent, and out is closed.
	rest := 0
	for range out {
		rest++
	}
	if rest != 0 {
		t.Errorf("%d lines sent after done closed", rest)
	}
}

// endless is standard input that never ends and has no line end (/dev/zero).
type endless struct{}

func (endless) Read(p []byte) (int, error) { clear(p); return len(p), nil }

// TestReadLinesCapsAnswers: a runaway line is dropped (said, not kept) and reading goes on;
// input that never ends ends with an error naming standard input instead of filling memory.
func TestReadLinesCapsAnswers(t *testing.T) {
	t.Parallel()
	out := make(chan InputLine)
	go ReadLines(strings.NewReader("casa\n"+strings.Repeat("A", 1<<20)+"\nperro\n"), out, make(chan struct{}))
	var got []string
	for l := range out {
		switch {
		case l.TooLong:
			got = append(got, "(too long)")
		case l.Err != nil:
			t.Fatal(l.Err)
		default:
			got = append(got, l.Text)
		}
	}
	if strings.Join(got, "|") != "casa|(too long)|perro" {
		t.Errorf("got %q", got)
	}
	out = make(chan InputLine)
	go ReadLines(endless{}, out, make(chan struct{}))
	var last InputLine
	drops := 0
	for l := range out {
		if l.TooLong {
			drops++
		}
		last = l
	}
	if last.Err == nil || !strings.Contains(last.Err.Error(), "standard input") || drops != 0 {
		t.Errorf("endless input: last %+v after %d dropped lines; want an error naming standard input (the one line never ends)", last, drops)
	}
}
