package cmd

import (
	"encoding/json"
	"strings"
	"testing"
)

// search --by alphagram: the 1,000 most probable seven-tile alphagrams are one query on the
// default lexicon, each with its words.
func TestSearchByAlphagram(t *testing.T) {
	t.Parallel()
	out, errOut, code := runEngineCmd(t, nil, "search", "length:7 top:1000", "--by", "alphagram", "--json")
	var got searchAlphagramsJSON
	if code != 0 || json.Unmarshal([]byte(out), &got) != nil || len(got.Alphagrams) != 1000 {
		t.Fatalf("exit %d %s: %d alphagrams", code, errOut, len(got.Alphagrams))
	}
	for i, a := range got.Alphagrams {
		if a.Rank != i+1 || len(a.Words) == 0 || i > 0 && a.Probability > got.Alphagrams[i-1].Probability {
			t.Fatalf("alphagram %d: %+v", i, a)
		}
	}
	if _, errOut, code := runEngineCmd(t, nil, "search", "length:7", "--by", "rack"); code != ExitError || !strings.Contains(errOut, "--by rack") {
		t.Errorf("bad --by: exit %d %q", code, errOut)
	}
}
