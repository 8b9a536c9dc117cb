package i18n

import (
	"errors"
	"io/fs"
	"strings"
	"syscall"
)

// Error is an error whose text is a catalogue message, chosen in the reader's language when it
// is shown (Printer.Err). Library packages return these instead of fmt.Errorf texts, so that they
// need not know the language; Error() is the English text, for logs and tests.
type Error struct {
	ID   string
	Data map[string]any
	// Err is the cause, shown where the message says {{.Err}}; it is also what errors.Is and
	// errors.As look through.
	Err error
	// Count, when set (EN), chooses the message's plural form and fills {{.Count}}.
	Count *int
}

// Int is an integer placeholder of an Error, written as the reader's language writes numbers
// (1,000,000 or 1.000.000) when the error is shown.
type Int int

// E is the error of message id with its placeholders (name, value pairs).
func E(id string, kv ...any) error { return &Error{ID: id, Data: pairs(kv)} }

// EN is E for a message with plural forms: n chooses the form, as Printer.N does, and is
// {{.Count}}.
func EN(id string, n int, kv ...any) error { return &Error{ID: id, Data: pairs(kv), Count: &n} }

// Wrap is the error of message id around err, shown where the message says {{.Err}}.
func Wrap(err error, id string, kv ...any) error {
	return &Error{ID: id, Data: pairs(kv), Err: err}
}

func (e *Error) Error() string { return For(English).render(e) }
func (e *Error) Unwrap() error { return e.Err }

// Is makes errors.Is(err, &Error{ID: x}) match any error of message x.
func (e *Error) Is(target error) bool {
	t, ok := target.(*Error)
	return ok && t.ID == e.ID && t.Data == nil
}

// Err is an error's text in the printer's language: an *Error from the catalogue (its cause
// written the same way), a file-system error in the reader's words, and any other error as
// it says itself. Wrappers that add no text of their own (fmt.Errorf("%w", err), exit codes)
// are seen through.
func (p *Printer) Err(err error) string {
	if err == nil {
		return ""
	}
	var e *Error
	if errors.As(err, &e) && (err == error(e) || err.Error() == e.Error()) {
		return p.render(e)
	}
	var pe *fs.PathError
	if errors.As(err, &pe) && err.Error() == pe.Error() {
		if id := errnoMessage(pe.Err); id != "" {
			return p.T(id, "Path", pe.Path)
		}
	}
	return err.Error()
}

// render is e's message in the printer's language, its error-valued placeholders and its cause
// written the same way.
func (p *Printer) render(e *Error) string {
	data := make(map[string]any, len(e.Data)+1)
	for k, v := range e.Data {
		switch x := v.(type) {
		case error:
			v = p.Err(x)
		case Int:
			v = p.Int(int(x))
		}
		data[k] = v
	}
	if e.Err != nil {
		cause := p.Err(e.Err)
		// A file-system error names its file; a message that names it too need not twice.
		var pe *fs.PathError
		if errors.As(e.Err, &pe) && e.Data["File"] == pe.Path {
			cause = strings.TrimPrefix(cause, pe.Path+": ")
		}
		data["Err"] = cause
	}
	var count any
	if e.Count != nil {
		count = *e.Count
		data["Count"] = p.Int(*e.Count)
	}
	return p.localize(e.ID, count, data)
}

// errnoMessage is the catalogue message for the file-system errors people meet.
func errnoMessage(err error) string {
	var errno syscall.Errno
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return "file.not_found"
	case errors.Is(err, fs.ErrPermission):
		return "file.permission"
	case errors.As(err, &errno) && errno == syscall.EISDIR:
		return "file.is_dir"
	case errors.As(err, &errno) && errno == syscall.ENOTDIR:
		return "file.not_dir"
	case errors.As(err, &errno) && errno == syscall.ENOSPC:
		return "file.no_space"
	case errors.As(err, &errno) && errno == syscall.EROFS:
		return "file.read_only"
	}
	return ""
}
