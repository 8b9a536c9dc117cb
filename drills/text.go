package drills

import (
	"strings"

	"github.com/atril-scrabble/atril/internal/i18n"
)

// Text is a message of the catalogue with its placeholders, written in the reader's language
// when it is shown (In). Questions are built before anyone knows who reads them, and their
// texts (what is asked, the note after the answer) are shown in the player's language on a
// terminal and in English in JSON listings, which scripts read: String is that English.
type Text struct {
	id      string
	n       int
	counted bool
	kv      []any
}

// T is message id with its placeholders (name, value pairs); a value may itself be a Text or
// a []Text (written joined by ", "), shown in the same language.
func T(id string, kv ...any) Text { return Text{id: id, kv: kv} }

// N is the counted message id for n (its {{.Count}}), as i18n.Printer.N.
func N(id string, n int, kv ...any) Text { return Text{id: id, n: n, counted: true, kv: kv} }

// Plain is text shown as it is in every language (a word, a list of words).
func Plain(s string) Text { return Text{id: "", kv: []any{s}} }

// IsZero reports an empty text.
func (t Text) IsZero() bool { return t.id == "" && (len(t.kv) == 0 || t.kv[0] == "") }

// In writes the text in p's language.
func (t Text) In(p *i18n.Printer) string {
	if t.id == "" {
		if len(t.kv) == 0 {
			return ""
		}
		s, _ := t.kv[0].(string)
		return s
	}
	kv := make([]any, len(t.kv))
	for i, v := range t.kv {
		switch x := v.(type) {
		case interface{ In(*i18n.Printer) string }: // a Text, a wait
			v = x.In(p)
		case error:
			v = p.Err(x)
		case []Text:
			parts := make([]string, len(x))
			for k, e := range x {
				parts[k] = e.In(p)
			}
			v = strings.Join(parts, ", ")
		}
		kv[i] = v
	}
	if t.counted {
		return p.N(t.id, t.n, kv...)
	}
	return p.T(t.id, kv...)
}

// String is the text in English, as JSON listings give it.
func (t Text) String() string { return t.In(english) }

// MarshalText writes the English text, so that a Text in a JSON value reads as a string.
func (t Text) MarshalText() ([]byte, error) { return []byte(t.String()), nil }

var english = i18n.For(i18n.English)

// printer is p, or English when p is nil.
func printer(p *i18n.Printer) *i18n.Printer {
	if p == nil {
		return english
	}
	return p
}
