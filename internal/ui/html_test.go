package ui

import (
	"io"
	"strings"
	"testing"
)

// TestDocHTML: a report drawn as HTML says what the terminal says, every text escaped (no
// text in a report can become markup), painted text in spans of its style's class.
func TestDocHTML(t *testing.T) {
	term := &Term{W: io.Discard, Mode: Pipe, Markup: true}
	d := NewDoc().H1("Deck <b>&</b>").P("line one\nline two").Note(term.Paint(Good, "right") + " <script>").
		KV([2]string{"Name", term.Paint(Accent, "A E I")}).
		Table(NewTable(Col{Header: "Word"}, Col{Header: "Score", Right: true, Drop: 1}).Row("CASA", "12").
			Cells(Cell{Text: "<i>", Style: Bad}, Cell{Text: "3"}).Strong()).
		Pre("board")
	got := d.HTML(HTMLOptions{Pre: func(s string) (string, bool) { return `<div class="board">` + s + `</div>`, s == "board" }})
	for _, want := range []string{
		"<h1>Deck &lt;b&gt;&amp;&lt;/b&gt;</h1>",
		"<p>line one<br>line two</p>",
		`<p class="note"><span class="s-good">right</span> &lt;script&gt;</p>`,
		`<dt>Name</dt><dd><span class="s-accent">A E I</span></dd>`,
		`<th class="num drop">Score</th>`,
		`<td>CASA</td><td class="num drop">12</td>`,
		`<tr class="strong"><td><span class="s-bad">&lt;i&gt;</span></td>`,
		`<div class="board">board</div>`,
	} {
		if !strings.Contains(got, want) {
			t.Errorf("HTML lacks %s\n%s", want, got)
		}
	}
	if strings.Contains(got, "<script>") || strings.Contains(got, "<b>") || strings.ContainsAny(got, "\uE000\uE001") {
		t.Errorf("HTML lets markup or marks through:\n%s", got)
	}
	// Without Markup, Paint leaves text as it was for a terminal without colour; marks never
	// reach a terminal.
	if s := (&Term{Mode: Plain}).Paint(Good, "x"); s != "x" {
		t.Errorf("Paint on a plain terminal = %q", s)
	}
	if s := PlainText(term.Paint(Bad, "no")); s != "no" {
		t.Errorf("PlainText = %q", s)
	}
}
