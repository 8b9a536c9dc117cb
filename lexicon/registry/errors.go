package registry

import (
	"strings"

	"github.com/atril-scrabble/atril/internal/i18n"
)

// The registry's errors speak of lexicons and files; the command line adds what to type about
// them (errors.As finds these types through any wrapping).

// NotFoundError is a lexicon name that is neither the embedded default nor a user lexicon.
type NotFoundError struct {
	Name string
	Have []string // the lexicons that exist, the embedded default first
}

func (e *NotFoundError) Error() string { return e.Unwrap().Error() }
func (e *NotFoundError) Unwrap() error {
	return i18n.E("registry.not_found", "Name", i18n.Quote(e.Name), "Have", strings.Join(e.Have, ", "))
}

// DamagedError is a user lexicon whose files cannot be used: metadata that is not valid, a graph
// that is missing, cut short, malformed, or changed since the lexicon was added. Adding it again
// (or deleting its files) is the remedy.
type DamagedError struct {
	Name string // as the metadata's file name spells it
	Err  error  // what is wrong, naming the file
}

func (e *DamagedError) Error() string { return e.Unwrap().Error() }
func (e *DamagedError) Unwrap() error {
	return i18n.Wrap(e.Err, "registry.damaged", "Name", e.Name)
}

// ExistsError is an add under a name a lexicon already has (names ignore case).
type ExistsError struct{ Name string }

func (e *ExistsError) Error() string { return e.Unwrap().Error() }
func (e *ExistsError) Unwrap() error {
	return i18n.E("registry.exists", "Name", i18n.Quote(e.Name))
}

// ChosenError is the lexicon chosen as the default (Use) failing to open.
type ChosenError struct{ Err error }

func (e *ChosenError) Error() string { return e.Unwrap().Error() }
func (e *ChosenError) Unwrap() error { return i18n.Wrap(e.Err, "registry.chosen") }

// WordListError is a lexicon named by the path of a file that is not a .kwg: a word list to
// compile first.
type WordListError struct{ Path string }

func (e *WordListError) Error() string { return e.Unwrap().Error() }
func (e *WordListError) Unwrap() error {
	return i18n.E("registry.word_list", "Path", i18n.Quote(e.Path))
}
