package ui

import (
	"bytes"
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	xansi "github.com/charmbracelet/x/ansi"
)

func env(kv ...string) func(string) string {
	m := map[string]string{}
	for i := 0; i+1 < len(kv); i += 2 {
		m[kv[i]] = kv[i+1]
	}
	return func(k string) string { return m[k] }
}

func sampleDoc() *Doc {
	tb := NewTable(Col{Header: "#", Right: true}, Col{Header: "Jugada"}, Col{Header: "Palabra"}, Col{Header: "Puntos", Right: true}, Col{Header: "Nota", Shrink: true})
	tb.Row("1", "8D CHARROS", "CHARROS", "84", "a long note that explains the move in more words than fit a narrow terminal")
	tb.Row("2", "H4 ZARZAPARRILLAS", "ZARZAPARRILLAS", "120", "short")
	tb.Cells(Cell{Text: "3"}, Cell{Text: "J2 [CH]E*S_"}, Cell{Text: "CHES"}, Cell{Text: "9", Style: Good}, Cell{Text: "x"})
	tb.Row("", "total", "", "213", "").Strong()
	return NewDoc().
		H1("Study stats: [CH] & *bold* _x_").
		P("A paragraph long enough to wrap on a narrow terminal: words are never split, and [CH] stays [CH], 1. not a list.").
		List("first item", "second # item").
		KV([2]string{"Palabras", "636.624"}, [2]string{"Alfabeto", "A B C CH"}).
		Table(tb).
		Note("lower case is a blank")
}

var ansiRE = regexp.MustCompile(`\x1b\[[0-9;]*[A-Za-z]`)

func TestNewTerm(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		tty   bool
		size  int
		env   func(string) string
		mode  Mode
		width int
	}{
		{false, 120, env(), Pipe, 0},
		{true, 120, env(), Rich, 120},
		{true, 0, env(), Rich, DefaultWidth},
		{true, 120, env("NO_COLOR", "1"), Plain, 120},
		{true, 120, env("TERM", "dumb"), Plain, 120},
		{true, 120, env("COLUMNS", "90"), Rich, 90},
		{true, 20, env(), Rich, MinWidth},
		{false, 120, env("NO_COLOR", "1", "COLUMNS", "50"), Pipe, 0},
	} {
		term := NewTerm(&bytes.Buffer{}, tc.tty, tc.size, tc.env)
		if term.Mode != tc.mode || term.Width != tc.width {
			t.Errorf("tty %v size %d: mode %v width %d, want %v %d", tc.tty, tc.size, term.Mode, term.Width, tc.mode, tc.width)
		}
	}
}

func render(mode Mode, width int) string {
	return (&Term{Mode: mode, Width: width}).Render(sampleDoc())
}

func TestPipeIsPlainText(t *testing.T) {
	t.Parallel()
	out := render(Pipe, 0)
	if ansiRE.MatchString(out) {
		t.Errorf("ANSI codes when piped:\n%q", out)
	}
	for _, marker := range []string{"# Study", "| ", "**", "─"} {
		if strings.Contains(out, marker) {
			t.Errorf("piped output has %q:\n%s", marker, out)
		}
	}
	// Columns aligned with two spaces, nothing truncated.
	want := []string{
		"#  Jugada             Palabra         Puntos  Nota",
		"1  8D CHARROS         CHARROS             84  a long note that explains the move in more words than fit a narrow terminal",
		"3  J2 [CH]E*S_        CHES                 9  x",
		"   total                                 213",
	}
	for _, w := range want {
		if !strings.Contains(out, w+"\n") {
			t.Errorf("piped table lacks line %q:\n%s", w, out)
		}
	}
	if !strings.Contains(out, "Study stats: [CH] & *bold* _x_\n") {
		t.Errorf("heading not plain:\n%s", out)
	}
}

func TestTerminalLayoutFitsWidth(t *testing.T) {
	t.Parallel()
	for _, mode := range []Mode{Plain, Rich} {
		for _, width := range []int{40, 60, 80, 120} {
			out := render(mode, width)
			if mode == Plain && ansiRE.MatchString(out) {
				t.Errorf("width %d: colour without colour:\n%q", width, out)
			}
			if mode == Rich && !ansiRE.MatchString(out) {
				t.Errorf("width %d: no colour in rich mode", width)
			}
			plain := ansiRE.ReplaceAllString(out, "")
			for _, marker := range []string{"## ", "**", "\\[", "| "} {
				if strings.Contains(plain, marker) {
					t.Errorf("mode %v width %d: Markdown marker %q:\n%s", mode, width, marker, plain)
				}
			}
			for _, line := range strings.Split(plain, "\n") {
				// The table's fixed columns (moves, words) need 45 columns; below that the
				// terminal wraps them, which is better than cutting a word.
				if w := xansi.StringWidth(line); w > width && !strings.Contains(line, "ZARZAPARRILLAS") && width >= 60 {
					t.Errorf("mode %v width %d: line of %d columns: %q", mode, width, w, line)
				}
			}
			// Words and racks are never cut or split.
			for _, whole := range []string{"ZARZAPARRILLAS", "H4 ZARZAPARRILLAS", "8D CHARROS", "[CH]", "636.624"} {
				if !strings.Contains(plain, whole) {
					t.Errorf("mode %v width %d: %q was cut:\n%s", mode, width, whole, plain)
				}
			}
			// Nothing is cut: the long note folds (or the table becomes a list), every word kept.
			if strings.Contains(plain, "…") || !inOrder(plain, strings.Fields("a long note that explains the move in more words than fit a narrow terminal")) {
				t.Errorf("mode %v width %d: the long note was cut:\n%s", mode, width, plain)
			}
		}
	}
}

func TestEscape(t *testing.T) {
	t.Parallel()
	// What glamour shows is what was written.
	term := &Term{Mode: Rich, Width: 100}
	text := "[CH] *a* _b_ `c` <d> #e 1. f | g \\ h ~i~"
	out := ansiRE.ReplaceAllString(term.Render(NewDoc().P(text)), "")
	if !strings.Contains(out, text) {
		t.Errorf("glamour changed the text:\n%q\nwant %q", out, text)
	}
}

var time0 = time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC)

func TestProgress(t *testing.T) {
	t.Parallel()
	var buf bytes.Buffer
	now := time0
	clock := func() time.Time { return now }
	label := func(done, total int, rate float64, left time.Duration) string {
		return fmt.Sprintf("%d/%d %.0f/s %s", done, total, rate, left)
	}
	b := NewProgress(&buf, true, clock, 100, label)
	now = now.Add(time.Second)
	b.Update(50)
	b.Finish()
	if got := buf.String(); !strings.Contains(got, "[############............] 50/100 50/s 1s") {
		t.Errorf("progress %q", got)
	}
	buf.Reset()
	quiet := NewProgress(&buf, false, clock, 100, label)
	quiet.Update(10)
	quiet.Finish()
	if buf.Len() != 0 {
		t.Errorf("progress drawn on a pipe: %q", buf.String())
	}
}

// Steps: the first step starts the clock again with the total it says (the time before it
// counts for nothing), later steps only advance.
func TestProgressSteps(t *testing.T) {
	t.Parallel()
	var buf bytes.Buffer
	now := time0
	clock := func() time.Time { return now }
	label := func(done, total int, rate float64, left time.Duration) string {
		return fmt.Sprintf("%d/%d %.0f/s %s|", done, total, rate, left)
	}
	b := NewProgress(&buf, true, clock, 1, label)
	now = now.Add(time.Hour) // setting up: not part of the rate
	b.Steps(1, 10)
	now = now.Add(time.Second)
	b.Steps(2, 10)
	b.Finish()
	if got := buf.String(); !strings.Contains(got, "1/10 0/s 0s|") || !strings.Contains(got, "2/10 2/s 4s|") {
		t.Errorf("progress %q", got)
	}
}

// TestKVWrapsValuesBetweenWords: a long value (a list of anagrams, a source) wraps under itself
// on a terminal, never inside a word; piped it stays on one line.
func TestKVWrapsValuesBetweenWords(t *testing.T) {
	t.Parallel()
	words := strings.Repeat("ARIETES AERISTE ", 12)
	doc := NewDoc().KV([2]string{"Anagramas", words}, [2]string{"Puntos", "7"})
	for _, width := range []int{40, 80} {
		var b bytes.Buffer
		(&Term{W: &b, Mode: Plain, Width: width}).Print(doc)
		lines := strings.Split(strings.TrimRight(b.String(), "\n"), "\n")
		if len(lines) < 3 {
			t.Errorf("width %d: the value did not wrap:\n%s", width, b.String())
		}
		for _, l := range lines {
			if xansi.StringWidth(l) > width {
				t.Errorf("width %d: line of %d columns: %q", width, xansi.StringWidth(l), l)
			}
			for _, f := range strings.Fields(l) {
				if f != "Anagramas" && f != "Puntos" && f != "7" && f != "ARIETES" && f != "AERISTE" {
					t.Errorf("width %d: a word was split: %q in %q", width, f, l)
				}
			}
		}
		if !strings.HasPrefix(lines[1], strings.Repeat(" ", len("  Anagramas  "))) {
			t.Errorf("width %d: continuation not under the value: %q", width, lines[1])
		}
	}
	var b bytes.Buffer
	(&Term{W: &b, Mode: Pipe}).Print(doc)
	if strings.Count(b.String(), "\n") != 2 {
		t.Errorf("piped, the value was wrapped:\n%s", b.String())
	}
}

// A terminal too narrow for every column leaves out the droppable ones, highest Drop first and
// only as many as it must; a pipe keeps them all.
func TestTableDropsColumns(t *testing.T) {
	t.Parallel()
	tb := NewTable(Col{Header: "word"}, Col{Header: "seven days", Right: true, Drop: 1},
		Col{Header: "thirty days", Right: true, Drop: 2}, Col{Header: "ninety days", Right: true})
	tb.Row("ZARZAPARRILLAS", "61% (51–69%)", "62% (56–64%)", "63% (56–63%)")
	for _, tc := range []struct {
		mode  Mode
		width int
		kept  []string
		gone  []string
	}{
		{Plain, 120, []string{"seven", "thirty", "ninety", "61%", "62%"}, nil},
		{Plain, 50, []string{"seven", "ninety", "61%", "63%"}, []string{"thirty", "62%"}},
		{Plain, 40, []string{"ninety", "63%", "ZARZAPARRILLAS"}, []string{"seven", "thirty"}},
		{Pipe, 40, []string{"seven", "thirty", "ninety"}, nil},
	} {
		out := ansiRE.ReplaceAllString((&Term{Mode: tc.mode, Width: tc.width}).Render(NewDoc().Table(tb)), "")
		for _, s := range tc.kept {
			if !strings.Contains(out, s) {
				t.Errorf("mode %v width %d: %q left out:\n%s", tc.mode, tc.width, s, out)
			}
		}
		for _, s := range tc.gone {
			if strings.Contains(out, s) {
				t.Errorf("mode %v width %d: %q kept:\n%s", tc.mode, tc.width, s, out)
			}
		}
		if tc.mode != Pipe {
			for _, line := range strings.Split(out, "\n") {
				if w := xansi.StringWidth(line); w > tc.width {
					t.Errorf("mode %v width %d: a line of %d columns: %q", tc.mode, tc.width, w, line)
				}
			}
		}
	}
}

// inOrder reports whether the words of text include words, in this order.
func inOrder(text string, words []string) bool {
	fields := strings.Fields(text)
	k := 0
	for _, f := range fields {
		if k < len(words) && f == words[k] {
			k++
		}
	}
	return k == len(words)
}
