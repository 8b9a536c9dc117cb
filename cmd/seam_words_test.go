package cmd

import "testing"

// The word-list commands parse their arguments and flags into their options; runF replaces
// the run, so no lexicon is opened.
func TestSeamWordCommands(t *testing.T) {
	t.Parallel()
	o, code, e := seamOptions(t, newSearchCmdWith, "search", "length:7", "top:10", "--prefix", "CA", "--by", "alphagram")
	if code != 0 || o == nil || o.Query != "length:7 top:10" || o.By != "alphagram" || o.Top != 0 || len(o.Terms) != 1 || *o.Terms["prefix"] != "CA" {
		t.Errorf("search: exit %d %q, options %+v", code, e, o)
	}
	// Only the condition flags given are terms; --top given, even 0's default, is kept.
	o, code, e = seamOptions(t, newSearchCmdWith, "search", "-q", "sub:AEIRST", "--top", "50", "--length", "7")
	if code != 0 || o == nil || o.Query != "sub:AEIRST" || o.Top != 50 || len(o.Terms) != 1 || *o.Terms["length"] != "7" || o.By != "word" {
		t.Errorf("search -q: exit %d %q, options %+v", code, e, o)
	}
	if o, code, _ := seamOptions(t, newSearchCmdWith, "search", "length:7", "-q", "length:8"); code != ExitError || o != nil {
		t.Errorf("search with a query twice: exit %d, ran %v", code, o != nil)
	}
	if o, code, e := seamOptions(t, newAnagramCmdWith, "anagram", "AEIRS??"); code != 0 || o == nil || o.Rack != "AEIRS??" || o.Sub || o.Min != 2 {
		t.Errorf("anagram: exit %d %q, options %+v", code, e, o)
	}
	// --min asks for subanagrams.
	if o, code, e := seamOptions(t, newAnagramCmdWith, "anagram", "AEIRS", "--min", "4"); code != 0 || o == nil || !o.Sub || o.Min != 4 {
		t.Errorf("anagram --min: exit %d %q, options %+v", code, e, o)
	}
	if o, code, _ := seamOptions(t, newAnagramCmdWith, "anagram"); code != ExitError || o != nil {
		t.Errorf("anagram without a rack: exit %d, ran %v", code, o != nil)
	}
}
