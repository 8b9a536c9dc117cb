// Package fileio is how atril reads the files and streams users give it and writes the files
// it makes. Every input is bounded (a size cap and a line-length cap; the error names the file,
// or standard input), and what is not a regular file (a FIFO, a device, a socket, a directory)
// is refused before it is read, so that no input can take all memory or block for ever. Every
// output is written whole or not at all (a temporary file beside it, synced and renamed over
// it; every error fails), by one writer at a time, and never over a device or a FIFO.
//
// It must not import anything of atril's but internal/i18n.
package fileio

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"

	"github.com/atril-scrabble/atril/internal/i18n"
)

// Stdin is how a command's file argument names standard input, where the command says so.
const Stdin = "-"

// Name is how messages name an input: its path, or "standard input" in the reader's language
// for Stdin (and for an unnamed stream).
func Name(path string) any {
	if path == Stdin || path == "" {
		return i18n.E("fileio.stdin")
	}
	return path
}

// Size writes a byte count as the caps are given: "64 KiB", "4 MiB".
func Size(n int64) string {
	switch {
	case n >= 1<<30 && n%(1<<30) == 0:
		return fmt.Sprintf("%d GiB", n>>30)
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MiB", n>>20)
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%d KiB", n>>10)
	}
	return fmt.Sprintf("%d B", n)
}

// Kind says what a file that is not a regular file is ("a named pipe (FIFO)"), as a message.
func Kind(m fs.FileMode) error {
	switch {
	case m.IsDir():
		return i18n.E("fileio.kind.dir")
	case m&fs.ModeCharDevice != 0:
		return i18n.E("fileio.kind.char_device")
	case m&fs.ModeDevice != 0:
		return i18n.E("fileio.kind.device")
	case m&fs.ModeNamedPipe != 0:
		return i18n.E("fileio.kind.pipe")
	case m&fs.ModeSocket != 0:
		return i18n.E("fileio.kind.socket")
	}
	return i18n.E("fileio.kind.unknown")
}

// NotRegularError is an input or output path that is not a regular file.
type NotRegularError struct {
	Path   string
	Mode   fs.FileMode
	Output bool
}

func (e *NotRegularError) message() error {
	if e.Output {
		return i18n.E("fileio.out_not_regular", "File", e.Path, "Kind", Kind(e.Mode))
	}
	return i18n.E("fileio.not_regular", "File", e.Path, "Kind", Kind(e.Mode))
}

func (e *NotRegularError) Error() string { return e.message().Error() }

// Unwrap is the message, so that i18n.Printer.Err shows it in the reader's language.
func (e *NotRegularError) Unwrap() error { return e.message() }

// TooBigError is an input longer than its cap.
type TooBigError struct {
	Name string // path, or Stdin
	Max  int64
}

func (e *TooBigError) message() error {
	return i18n.E("fileio.too_big", "File", Name(e.Name), "Max", Size(e.Max))
}

func (e *TooBigError) Error() string { return e.message().Error() }
func (e *TooBigError) Unwrap() error { return e.message() }

// LineTooLongError is a line of an input longer than its cap.
type LineTooLongError struct {
	Name string
	Line int
	Max  int
}

func (e *LineTooLongError) message() error {
	return i18n.E("fileio.line_too_long", "File", Name(e.Name), "Line", e.Line, "Max", Size(int64(e.Max)))
}

func (e *LineTooLongError) Error() string { return e.message().Error() }
func (e *LineTooLongError) Unwrap() error { return e.message() }

// CheckRegular refuses a path that is not a regular file once symbolic links are followed:
// reading a FIFO with no writer blocks for ever, and a device (/dev/zero) never ends. The error
// of a path that cannot be looked at (missing, no permission) is the file system's.
func CheckRegular(path string) error {
	fi, err := os.Stat(path)
	if err != nil {
		return err
	}
	if !fi.Mode().IsRegular() {
		return &NotRegularError{Path: path, Mode: fi.Mode()}
	}
	return nil
}

// Open opens a regular file for reading (see CheckRegular). It never blocks: the file is
// looked at before it is opened, opened without waiting for a writer, and looked at again
// once open, in case it was replaced in between.
func Open(path string) (*os.File, error) {
	if err := CheckRegular(path); err != nil {
		return nil, err
	}
	f, err := openNoWait(path)
	if err != nil {
		return nil, err
	}
	fi, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		f.Close()
		return nil, &NotRegularError{Path: path, Mode: fi.Mode()}
	}
	return f, nil
}

// OpenArg opens a command's file argument: Stdin is stdin (closing it does nothing), anything
// else a regular file (Open).
func OpenArg(path string, stdin io.Reader) (io.ReadCloser, error) {
	if path == Stdin {
		return io.NopCloser(stdin), nil
	}
	return Open(path)
}

// ReadFile reads a whole regular file of at most max bytes.
func ReadFile(path string, max int64) ([]byte, error) {
	f, err := Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return ReadAll(f, path, max)
}

// ReadAll reads r to its end, at most max bytes: a longer input is refused with a
// *TooBigError naming name (a path, or Stdin).
func ReadAll(r io.Reader, name string, max int64) ([]byte, error) {
	b, err := io.ReadAll(Limit(r, name, max))
	if err != nil {
		var tb *TooBigError
		if errors.As(err, &tb) {
			return nil, err
		}
		return nil, i18n.Wrap(err, "fileio.read", "File", Name(name))
	}
	return b, nil
}

// Limit is r, failing with a *TooBigError naming name once more than max bytes are read
// (the first max bytes are delivered).
func Limit(r io.Reader, name string, max int64) io.Reader {
	return &limited{r: r, name: name, max: max}
}

type limited struct {
	r    io.Reader
	name string
	max  int64
	n    int64 // bytes read so far
}

func (l *limited) Read(p []byte) (int, error) {
	if l.n > l.max {
		return 0, &TooBigError{Name: l.name, Max: l.max}
	}
	if room := l.max + 1 - l.n; int64(len(p)) > room {
		p = p[:room]
	}
	n, err := l.r.Read(p)
	l.n += int64(n)
	if l.n > l.max {
		return n - int(l.n-l.max), &TooBigError{Name: l.name, Max: l.max}
	}
	return n, err
}

// Scanner reads an input line by line (as bufio.Scanner with ScanLines), at most max bytes in
// all and maxLine bytes a line; Err names the input and the line that broke a cap.
type Scanner struct {
	sc      *bufio.Scanner
	name    string
	maxLine int
	line    int
}

// NewScanner reads r, named name in errors (a path, or Stdin).
func NewScanner(r io.Reader, name string, max int64, maxLine int) *Scanner {
	s := &Scanner{sc: bufio.NewScanner(Limit(r, name, max)), name: name, maxLine: maxLine}
	s.sc.Buffer(make([]byte, min(4096, maxLine+2)), maxLine+2) // room for the "\r\n"
	return s
}

// Scan advances to the next line.
func (s *Scanner) Scan() bool {
	if !s.sc.Scan() {
		return false
	}
	s.line++
	if len(s.sc.Bytes()) > s.maxLine {
		s.line--
		return false
	}
	return true
}

// Bytes is the line read, without its end; valid until the next Scan.
func (s *Scanner) Bytes() []byte { return s.sc.Bytes() }

// Text is the line read, without its end.
func (s *Scanner) Text() string { return s.sc.Text() }

// Line is the number of the line read, from 1.
func (s *Scanner) Line() int { return s.line }

// Err is the error that ended the scan, nil at the end of the input.
func (s *Scanner) Err() error {
	err := s.sc.Err()
	var tb *TooBigError
	switch {
	case err == nil && len(s.sc.Bytes()) > s.maxLine,
		errors.Is(err, bufio.ErrTooLong):
		return &LineTooLongError{Name: s.name, Line: s.line + 1, Max: s.maxLine}
	case err == nil:
		return nil
	case errors.As(err, &tb):
		return err
	}
	return i18n.Wrap(err, "fileio.read_line", "File", Name(s.name), "Line", s.line+1)
}

// LineReader reads what a person types, a line at a time: a line longer than its cap is
// dropped (ReadLine says so) and reading goes on, and the input ends with a *TooBigError
// after max bytes, so that endless input (/dev/zero) can neither fill memory nor keep a
// session busy for ever.
type LineReader struct {
	br      *bufio.Reader
	name    string
	maxLine int
	max     int64
	n       int64
}

// NewLineReader reads r (named name in errors) in lines of at most maxLine bytes, max in all.
func NewLineReader(r io.Reader, name string, maxLine int, max int64) *LineReader {
	return &LineReader{br: bufio.NewReaderSize(r, maxLine+2), name: name, maxLine: maxLine, max: max}
}

// ReadLine returns the next line without its "\n" (a last line without one too); dropped
// when the line was longer than the cap and was skipped (line is then nil). err is io.EOF at
// the end (with no line), a *TooBigError after too much input, or the read error; a line
// comes with a nil err.
func (r *LineReader) ReadLine() (line []byte, dropped bool, err error) {
	for {
		b, err := r.br.ReadSlice('\n')
		r.n += int64(len(b))
		if r.n > r.max {
			return nil, false, &TooBigError{Name: r.name, Max: r.max}
		}
		switch {
		case err == bufio.ErrBufferFull:
			dropped = true
			continue
		case dropped:
			if err != nil && err != io.EOF {
				return nil, true, err
			}
			return nil, true, nil // at its end (or the input's: io.EOF comes next)
		case err == io.EOF && len(b) > 0:
			return append([]byte(nil), b...), false, nil
		case err != nil:
			return nil, false, err
		}
		b = b[:len(b)-1]
		if len(b) > r.maxLine+1 || len(b) > r.maxLine && b[len(b)-1] != '\r' {
			return nil, true, nil
		}
		return append([]byte(nil), b...), false, nil
	}
}

// LimitLines is r, failing with a *TooBigError after max bytes and a *LineTooLongError at the
// first line longer than maxLine bytes: for parsers that read a stream themselves (CSV).
func LimitLines(r io.Reader, name string, max int64, maxLine int) io.Reader {
	return &lineLimited{r: Limit(r, name, max), name: name, maxLine: maxLine, line: 1}
}

type lineLimited struct {
	r       io.Reader
	name    string
	maxLine int
	line    int // the line being read, from 1
	run     int // its bytes so far
}

func (l *lineLimited) Read(p []byte) (int, error) {
	n, err := l.r.Read(p)
	for i, c := range p[:n] {
		if c == '\n' {
			l.line++
			l.run = 0
			continue
		}
		if l.run++; l.run > l.maxLine+1 { // the +1 lets a "\r" end it
			return i, &LineTooLongError{Name: l.name, Line: l.line, Max: l.maxLine}
		}
	}
	return n, err
}
