package ui

import (
	"fmt"
	"strings"
	"testing"

	xansi "github.com/charmbracelet/x/ansi"
)

// Long lists fold between words on a terminal, every line within its width and indented after
// the first; a word is never split, and piped text stays on one line.
func TestFold(t *testing.T) {
	t.Parallel()
	words := strings.Fields("ARRUIS ASUMI CUASI CUSIA GUAIS GUIAS GUISA HUIAS ILUSA LUIAS LUISA MIAUS MUIAS MUSIA ZARZAPARRILLAS")
	text := strings.Join(words, " ")
	for _, mode := range []Mode{Plain, Rich} {
		term := &Term{Mode: mode, Width: 40}
		folded := term.Fold("    ", "    "+term.Paint(Good, text))
		lines := strings.Split(folded, "\n")
		if len(lines) < 3 {
			t.Fatalf("mode %v: not folded:\n%s", mode, folded)
		}
		var got []string
		for _, l := range lines {
			plain := ansiRE.ReplaceAllString(l, "")
			if xansi.StringWidth(plain) > 40 || !strings.HasPrefix(plain, "    ") {
				t.Errorf("mode %v: line %q", mode, plain)
			}
			got = append(got, strings.Fields(plain)...)
		}
		if strings.Join(got, " ") != text {
			t.Errorf("mode %v: words changed:\n%s", mode, folded)
		}
	}
	pipe := &Term{Mode: Pipe}
	if got := pipe.Fold("  ", text); got != text {
		t.Errorf("piped: %q", got)
	}
}

// A Wrap column folds its cells between words onto more lines when the table is too wide; the
// other cells stay on the row's first line, and piped the row stays whole.
func TestTableWrapColumn(t *testing.T) {
	t.Parallel()
	tb := NewTable(Col{Header: "#", Right: true}, Col{Header: "Rack"}, Col{Header: "Answers", Wrap: true}, Col{Header: "Note", Shrink: true})
	tb.Row("1", "CEELLMOT", "CELLO CETME COME COMETE COTE LLECO MECE MECO MELLE MELLO METE METECO METO MOCEE", "a note long enough to be cut")
	tb.Row("2", "ACOS", "CASO", "")
	out := (&Term{Mode: Plain, Width: 50}).Render(NewDoc().Table(tb))
	lines := strings.Split(strings.TrimRight(out, "\n"), "\n")
	for _, l := range lines {
		if xansi.StringWidth(l) > 50 {
			t.Errorf("line of %d columns: %q", xansi.StringWidth(l), l)
		}
	}
	if len(lines) < 5 || !strings.Contains(lines[2], "CEELLMOT") || strings.Contains(lines[3], "CEELLMOT") || strings.Contains(out, "…") ||
		!inOrder(out, strings.Fields("a note long enough to be cut")) {
		t.Errorf("wrapped table:\n%s", out)
	}
	var words []string
	for _, l := range lines[2 : len(lines)-1] {
		for _, f := range strings.Fields(l) {
			if f == strings.ToUpper(f) && len(f) > 3 && f != "CEELLMOT" {
				words = append(words, f)
			}
		}
	}
	if strings.Join(words, " ") != "CELLO CETME COME COMETE COTE LLECO MECE MECO MELLE MELLO METE METECO METO MOCEE" {
		t.Errorf("answers split or lost: %v\n%s", words, out)
	}
	piped := (&Term{Mode: Pipe}).Render(NewDoc().Table(tb))
	if !strings.Contains(piped, "CELLO CETME COME COMETE COTE LLECO MECE MECO MELLE MELLO METE METECO METO MOCEE  a note long enough to be cut") {
		t.Errorf("piped row not whole:\n%s", piped)
	}
}

// Text folds only at spaces: a deck's name, a range or a dash in parentheses is never cut at its
// hyphen (the x/ansi word wrapper cuts there); runs of spaces inside a line stay.
func TestFoldOnlyAtSpaces(t *testing.T) {
	t.Parallel()
	term := &Term{Mode: Plain, Width: 30}
	for _, text := range []string{
		"¿Guardar las 12 tarjetas en el mazo fallos-anagramas para repasarlas?",
		"Escriba las fichas de gancho: \"a ch / s\" (- o nada si no hay).",
		"longitud:7-8 vocales:3-4 dígrafo:sí orden:-probabilidad",
		"aaaaaaaaaa bbbbbbbbbb fallos-anagramas",
		"Escriba las fichas de gancho delantero, una barra y las de gancho trasero: \"a ch / s\" (- o nada si no hay).",
	} {
		folded := term.Fold("", text)
		for _, l := range strings.Split(folded, "\n") {
			if xansi.StringWidth(l) > 30 && strings.Contains(l, " ") {
				t.Errorf("line %q wider than 30 columns", l)
			}
			if strings.HasPrefix(l, " ") {
				t.Errorf("%q folded leaving a space: %q", text, folded)
			}
		}
		if strings.Join(strings.Fields(folded), " ") != text {
			t.Errorf("words cut (at a hyphen?) or changed: %q", folded)
		}
	}
	if got := wrap("erróneas:   X (no es palabra)", 80); got != "erróneas:   X (no es palabra)" {
		t.Errorf("spaces inside a line: %q", got)
	}
}

// A Wrap column narrower than its header folds the header over two lines as well, so a table of
// long Spanish headers ("acierto, 30 d") fits 80 columns; with room, nothing folds.
func TestTableWrapHeader(t *testing.T) {
	t.Parallel()
	tb := NewTable(Col{Header: "grupo", Shrink: true}, Col{Header: "respuestas", Right: true})
	for _, d := range []string{"7", "30", "90"} {
		tb.Cols = append(tb.Cols, Col{Header: "acierto, " + d + "\u00a0d", Right: true, Wrap: true})
	}
	tb.Cols = append(tb.Cols, Col{Header: "tiempo, 90\u00a0d", Right: true, Wrap: true}, Col{Header: "tendencia, 90\u00a0d", Shrink: true})
	tb.Row("palabras de dos fichas", "14 / 14 / 14", "33\u00a0% (6–79\u00a0%)", "33\u00a0% (6–79\u00a0%)", "33\u00a0% (6–79\u00a0%)", "2,6 s (2,1–4,3)", "mejorando 1,8 puntos por semana ± 0,9")
	narrow := (&Term{Mode: Plain, Width: 80}).Render(NewDoc().Table(tb))
	lines := strings.Split(strings.TrimRight(narrow, "\n"), "\n")
	for _, l := range lines {
		if xansi.StringWidth(l) > 80 {
			t.Errorf("line of %d columns at 80: %q", xansi.StringWidth(l), l)
		}
	}
	if !strings.Contains(lines[0], "acierto,") || !strings.Contains(lines[1], "30\u00a0d") ||
		!strings.Contains(lines[3], "33\u00a0%") || !strings.Contains(lines[4], "(6–79\u00a0%)") || strings.Contains(narrow, "…") ||
		!inOrder(narrow, strings.Fields("palabras de dos fichas")) || !inOrder(narrow, strings.Fields("mejorando 1,8 puntos por semana ± 0,9")) {
		t.Errorf("folded table:\n%s", narrow)
	}
	wide := (&Term{Mode: Plain, Width: 160}).Render(NewDoc().Table(tb))
	if n := len(strings.Split(strings.TrimRight(wide, "\n"), "\n")); n != 3 || !strings.Contains(wide, "acierto, 30\u00a0d") {
		t.Errorf("wide table folded:\n%s", wide)
	}
}

// On a narrow terminal nothing that identifies a row is cut: the label folds, a left-out
// column is named under the table, and a table that cannot fit even so becomes a list of
// "header: value" blocks with every column; piped, the table is whole.
func TestTableNeverCuts(t *testing.T) {
	t.Parallel()
	dropped := func(cols []string) string { return "Left out: " + strings.Join(cols, ", ") + "." }
	tb := NewTable(Col{Header: "group", Shrink: true}, Col{Header: "answers", Right: true},
		Col{Header: "accuracy 7 days", Right: true, Drop: 1}, Col{Header: "accuracy 30 days", Right: true, Drop: 2},
		Col{Header: "trend", Shrink: true})
	for b := 1; b <= 5; b++ {
		tb.Row(fmt.Sprintf("band %d (probability ranks %d–%d%%)", b, (b-1)*20, b*20), "120 / 300 / 900",
			"85\u00a0% (78–90\u00a0%)", "84\u00a0% (80–88\u00a0%)", "improving 7.3 points a week ± 1.2")
	}
	for _, tc := range []struct {
		width    int
		gone     []string
		list     bool
		maxLines int
	}{
		{160, nil, false, 7},
		{110, nil, false, 0},
		{80, []string{"accuracy 30 days"}, false, 0},
		{60, []string{"accuracy 7 days", "accuracy 30 days"}, false, 0},
		{50, []string{"accuracy 7 days", "accuracy 30 days"}, false, 0},
		{40, nil, true, 0},
	} {
		term := &Term{Mode: Plain, Width: tc.width, Dropped: dropped}
		out := term.Render(NewDoc().Table(tb))
		for _, l := range strings.Split(strings.TrimRight(out, "\n"), "\n") {
			if w := xansi.StringWidth(l); w > tc.width {
				t.Errorf("width %d: a line of %d columns: %q", tc.width, w, l)
			}
		}
		if strings.Contains(out, "…") {
			t.Errorf("width %d: something cut:\n%s", tc.width, out)
		}
		// Every band's label whole, its words in order, and the trend whole.
		for b := 1; b <= 5; b++ {
			if !inOrder(out, strings.Fields(fmt.Sprintf("band %d (probability ranks %d–%d%%)", b, (b-1)*20, b*20))) {
				t.Errorf("width %d: band %d's label cut:\n%s", tc.width, b, out)
			}
		}
		if strings.Count(strings.Join(strings.Fields(out), " "), "improving 7.3 points a week ± 1.2") != 5 && !tc.list {
			// folded over lines the words are on several lines; look for them in order
			if !inOrder(out, strings.Fields("improving 7.3 points a week ± 1.2")) {
				t.Errorf("width %d: trend cut:\n%s", tc.width, out)
			}
		}
		note := strings.Contains(out, "Left out:")
		if note != (len(tc.gone) > 0) {
			t.Errorf("width %d: note %v, want one for %v:\n%s", tc.width, note, tc.gone, out)
		}
		for _, g := range tc.gone {
			if !strings.Contains(out, g) || strings.Count(out, g) != 1 {
				t.Errorf("width %d: %q not named once, in the note:\n%s", tc.width, g, out)
			}
		}
		if tc.list {
			if !strings.Contains(out, "accuracy 30 days:") || strings.Count(out, "answers:") != 5 {
				t.Errorf("width %d: not a list of every column:\n%s", tc.width, out)
			}
		}
		if tc.maxLines > 0 && len(strings.Split(strings.TrimRight(out, "\n"), "\n")) > tc.maxLines {
			t.Errorf("width %d: folded with room:\n%s", tc.width, out)
		}
	}
	piped := (&Term{Mode: Pipe, Dropped: dropped}).Render(NewDoc().Table(tb))
	if strings.Contains(piped, "Left out") || !strings.Contains(piped, "band 5 (probability ranks 80–100%)  120 / 300 / 900") {
		t.Errorf("piped:\n%s", piped)
	}
}
