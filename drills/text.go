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
	id string
	kv []any // placeholders; a counted message's count first, as a count
}

// count is the n of a counted message (N), kept first in its placeholders.
type count int

// T is message id with its placeholders (name, value pairs); a value may itself be a Text or
// a []Text (written joined by ", "), shown in the same language.
func T(id string, kv ...any) Text { return Text{id: id, kv: kv} }

// N is the counted message id for n (its {{.Count}}), as i18n.Printer.N.
func N(id string, n int, kv ...any) Text { return Text{id: id, kv: append([]any{count(n)}, kv...)} }

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
	kv, n, counted := t.kv, 0, false
	if len(kv) > 0 {
		if c, ok := kv[0].(count); ok {
			kv, n, counted = kv[1:], int(c), true
		}
	}
	data := make([]any, len(kv))
	for i, v := range kv {
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
		data[i] = v
	}
	if counted {
		return p.N(t.id, n, data...)
	}
	return p.T(t.id, data...)
}

// String is the text in English, as JSON listings give it.
func (t Text) String() string { return t.In(i18n.For(i18n.English)) }

// MarshalText writes the English text, so that a Text in a JSON value reads as a string.
func (t Text) MarshalText() ([]byte, error) { return []byte(t.String()), nil }

// printer is p, or English when p is nil. (Looked up when needed: the catalogue is read on
// first use, never at start-up.)
func printer(p *i18n.Printer) *i18n.Printer {
	if p == nil {
		return i18n.For(i18n.English)
	}
	return p
}
