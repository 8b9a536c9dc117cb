package drills

import (
	"slices"
	"testing"
)

// Family questions: a verb's forms to judge, real and phony about half each, each answer the
// lexicon's; complete mode asks every form of one length; the same seed asks the same.
func TestFamilyQuestions(t *testing.T) {
	t.Parallel()
	lex := defaultLexicon(t)
	ts := lex.Tiles
	qs, err := Family(lex, FamilyOptions{Count: 40, Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	if len(qs) != 40 {
		t.Fatalf("%d questions, want 40", len(qs))
	}
	valid := 0
	for _, q := range qs {
		w := mustWord(t, ts, q.Show)
		if q.Kind != KindFamily || q.Form != FormYesNo || q.Valid != lex.Contains(w) {
			t.Errorf("%s: kind %s form %s valid %v", q.Show, q.Kind, q.Form, q.Valid)
		}
		if q.Valid {
			valid++
		}
	}
	if valid < 10 || valid > 30 {
		t.Errorf("%d of 40 valid: want about half", valid)
	}
	again, _ := Family(lex, FamilyOptions{Count: 40, Seed: 5})
	for i := range qs {
		if qs[i].Card != again[i].Card {
			t.Fatalf("seed 5 twice: %s then %s", qs[i].Card, again[i].Card)
		}
	}
	cq, err := Family(lex, FamilyOptions{Count: 1, Complete: true, Length: 7, Lemmas: []string{"CONTAR"}})
	if err != nil {
		t.Fatal(err)
	}
	q := cq[0]
	if q.Form != FormWords || !slices.Contains(q.Words, "CUENTAN") || !slices.Contains(q.Words, "CONTABA") || slices.Contains(q.Words, "CONTAN") {
		t.Errorf("complete CONTAR, 7 tiles: %v", q.Words)
	}
	for _, w := range q.Words {
		if tiles := mustWord(t, ts, w); len(tiles) != 7 || !lex.Contains(tiles) {
			t.Errorf("complete: %s", w)
		}
	}
	if r, _ := q.Judge(lex, "CUENTAN CONTAN"); r.Right || !slices.Contains(r.Wrong, "CONTAN") {
		t.Errorf("judging CUENTAN CONTAN: %+v", r)
	}
	if k, ok := MissKind(KindFamily); !ok || k != KindJudge {
		t.Errorf("family misses go to %s decks", k)
	}
	if _, err := Family(lex, FamilyOptions{Count: 1, Lemmas: []string{"ZZZZ"}}); err == nil {
		t.Error("a lemma with no family made questions")
	}
}

// The judge drill's decoys are the lexicon's morphological phonies (one-tile edits only for
// two-tile words), none of them a word.
func TestJudgeDecoysAreMorphological(t *testing.T) {
	t.Parallel()
	lex := defaultLexicon(t)
	qs, err := Judge(lex, JudgeOptions{Count: 60, Seed: 3, Words: WordRange{MinLen: 2, MaxLen: 8}})
	if err != nil {
		t.Fatal(err)
	}
	morphs, edits := 0, 0
	for _, q := range qs {
		if q.Valid || q.isRack {
			continue
		}
		if lex.Contains(q.tiles) {
			t.Errorf("decoy %s is a word", q.Show)
		}
		switch q.Note.id {
		case "drill.note.morph_phony":
			morphs++
			if len(q.tiles) < 3 {
				t.Errorf("morphological decoy of %d tiles: %s", len(q.tiles), q.Show)
			}
		case "drill.note.phony":
			edits++
		}
	}
	if morphs == 0 || morphs < 3*edits {
		t.Errorf("%d morphological decoys, %d edits: want mostly morphological", morphs, edits)
	}
}
