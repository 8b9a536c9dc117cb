package engine

import (
	"errors"
	"testing"
)

// NamedMoves: legal plays come back as the validator made them, passes and exchanges only
// of the kinds allowed, and the first refusal says which move and why.
func TestNamedMoves(t *testing.T) {
	t.Parallel()
	pos := mustCGP(t, rowsWith(map[int]string{7: "7CASA4"})+" SABOC?A/ 0/0 0")
	ts := testWords.ts

	got, err := NamedMoves([]string{"9H AS", "-", "-AB"}, pos, ts, testWords, Pass, Exchange)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 3 || got[0].Kind != Play || got[0].Score != 10 || got[1].Kind != Pass || got[2].Kind != Exchange {
		t.Fatalf("got %+v", got)
	}
	if got, err := NamedMoves(nil, pos, ts, testWords); err != nil || got != nil {
		t.Fatalf("no names: %v, %v", got, err)
	}

	tests := []struct {
		names   []string
		allowed []MoveKind
		play    string
		why     PlayRefusal
		kind    MoveKind
	}{
		{[]string{"9H AS", "8F XX YY"}, nil, "8F XX YY", PlayUnreadable, Play},
		{[]string{"-"}, []MoveKind{Exchange}, "-", PlayNotAllowed, Pass},
		{[]string{"-", "-AB"}, []MoveKind{Pass}, "-AB", PlayNotAllowed, Exchange},
		{[]string{"9H AS", "9H SE"}, nil, "9H SE", PlayIllegal, Play}, // SE not on the rack
		{[]string{"8L Z"}, nil, "8L Z", PlayIllegal, Play},            // CASAZ no word, Z not on the rack
	}
	for _, tc := range tests {
		moves, err := NamedMoves(tc.names, pos, ts, testWords, tc.allowed...)
		var pe *PlayError
		if !errors.As(err, &pe) || moves != nil {
			t.Errorf("%v: %v, %v, want a PlayError", tc.names, moves, err)
			continue
		}
		if pe.Play != tc.play || pe.Why != tc.why || (tc.why != PlayUnreadable && pe.Move.Kind != tc.kind) {
			t.Errorf("%v: refused %q (%d, kind %d), want %q (%d, kind %d)", tc.names, pe.Play, pe.Why, pe.Move.Kind, tc.play, tc.why, tc.kind)
		}
		if (pe.Err != nil) != (tc.why != PlayNotAllowed) {
			t.Errorf("%v: reason %v", tc.names, pe.Err)
		}
	}
}
