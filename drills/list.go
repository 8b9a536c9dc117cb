package drills

import (
	"fmt"
	"strings"
)

// Listing is a drill's questions with their answers, for `--list`: a study sheet, or JSON for
// scripts (the shape is documented in `atril drill --help`).
type Listing struct {
	Drill     Kind         `json:"drill"`
	Lexicon   string       `json:"lexicon"`
	Seed      uint64       `json:"seed"`
	Questions []ListedItem `json:"questions"`
}

// ListedItem is one question and its answer. Which answer fields are present follows Form:
// "words" has answers (possibly empty), "yesno" has valid, "hooks" has front and back.
type ListedItem struct {
	N        int       `json:"n"`
	Card     string    `json:"card"`
	Question string    `json:"question"`
	Ask      string    `json:"ask"`
	Form     Form      `json:"form"`
	Answers  *[]string `json:"answers,omitempty"`
	Valid    *bool     `json:"valid,omitempty"`
	Front    *[]string `json:"front,omitempty"`
	Back     *[]string `json:"back,omitempty"`
	Note     string    `json:"note,omitempty"`
}

// List describes questions for --list.
func List(kind Kind, lexiconName string, seed uint64, qs []Question) Listing {
	l := Listing{Drill: kind, Lexicon: lexiconName, Seed: seed, Questions: make([]ListedItem, len(qs))}
	for i, q := range qs {
		it := ListedItem{N: i + 1, Card: q.Card, Question: q.Show, Ask: q.Ask, Form: q.Form, Note: q.Note}
		switch q.Form {
		case FormWords:
			ws := nonNil(q.Words)
			it.Answers = &ws
		case FormYesNo:
			v := q.Valid
			it.Valid = &v
		case FormHooks:
			f, b := nonNil(q.Front), nonNil(q.Back)
			it.Front, it.Back = &f, &b
		}
		l.Questions[i] = it
	}
	return l
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// Markdown is the listing as a study sheet: a heading and one table row per question.
func (l Listing) Markdown() string {
	var b strings.Builder
	fmt.Fprintf(&b, "# %s drill · %s · seed %d\n\n", titleCase(string(l.Drill)), l.Lexicon, l.Seed)
	if len(l.Questions) == 0 {
		b.WriteString("No questions.\n")
		return b.String()
	}
	b.WriteString("| # | Question | Asked | Answer | Note |\n|---:|---|---|---|---|\n")
	for _, it := range l.Questions {
		var ans string
		switch it.Form {
		case FormWords:
			ans = listOrNone(*it.Answers)
		case FormYesNo:
			ans = map[bool]string{true: "valid", false: "not valid"}[*it.Valid]
		case FormHooks:
			ans = hooksText(&Question{Front: *it.Front, Back: *it.Back})
		}
		fmt.Fprintf(&b, "| %d | %s | %s | %s | %s |\n", it.N, mdCell(it.Question), mdCell(it.Ask), mdCell(ans), mdCell(it.Note))
	}
	return b.String()
}

// mdCell keeps a table cell on its row: pipes escaped, and markdown's own marks left literal.
func mdCell(s string) string {
	r := strings.NewReplacer("|", `\|`, "*", `\*`, "_", `\_`, "`", "\\`", "\n", " ")
	return r.Replace(s)
}

func titleCase(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
