package morph

import (
	"math"
	"strings"

	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/ui"
	"github.com/atril-scrabble/atril/lexicon"
)

// WordInfo is a word's facts as `atril info` shows them; its JSON is what --json writes.
type WordInfo struct {
	lexicon.HooksJSON              // word, valid, front and back hooks
	Tiles             []string     `json:"tiles"`
	Length            int          `json:"length"`
	Alphagram         string       `json:"alphagram"`
	Points            int          `json:"points"`
	Combinations      uint64       `json:"combinations"`
	Probability       float64      `json:"probability"`
	Rank              *int         `json:"rank"`            // null when the word is not in the lexicon: no rank
	WordsOfLength     int          `json:"words_of_length"` // what the rank is out of
	Anagrams          []string     `json:"anagrams"`        // the other words with the same tiles
	Families          []FamilyJSON `json:"families"`        // the verb or noun families it is a form of
}

// WordInfo is what lex (and m, its morphology) says of word, spelt in ts: its hooks, tiles,
// alphagram, points, probability and rank, anagrams and families.
func (m *Model) WordInfo(lex *lexicon.Lexicon, ts *lexicon.TileSet, word []lexicon.Tile) WordInfo {
	labels := make([]string, len(word))
	for i, t := range word {
		labels[i] = ts.Label(t)
	}
	info := WordInfo{
		HooksJSON:    lexicon.WordHooks(lex, word),
		Tiles:        labels,
		Length:       len(word),
		Alphagram:    ts.Display(lexicon.Alphagram(word)),
		Points:       ts.WordPoints(word),
		Combinations: ts.Combinations(word),
		Probability:  ts.Probability(word),
		Anagrams:     []string{},
	}
	rank, of := lex.Rank(word)
	if rank > 0 {
		info.Rank = &rank
	}
	info.WordsOfLength = of
	for _, a := range lex.Anagrams(word) {
		if s := ts.Display(a); s != info.Word {
			info.Anagrams = append(info.Anagrams, s)
		}
	}
	info.Families = m.Families(lex.Tiles, word)
	return info
}

// Doc is the word's facts as name and value pairs: under the word as a title on a terminal,
// with the word and its verdict as the first pairs when piped.
func (info WordInfo) Doc(p *i18n.Printer, term *ui.Term) *ui.Doc {
	doc := ui.NewDoc()
	verdict := p.T("judge.valid")
	if !info.Valid {
		verdict = p.T("judge.not_valid")
	}
	var pairs [][2]string
	if term.TTY() {
		style := ui.Good
		if !info.Valid {
			style = ui.Bad
		}
		doc.H1(info.Word).P(term.Paint(style, verdict))
	} else {
		pairs = append(pairs, [2]string{p.T("info.word"), info.Word}, [2]string{p.T("info.verdict"), verdict})
	}
	orDash := func(s string) string {
		if s == "" {
			return "-"
		}
		return s
	}
	pairs = append(pairs,
		[2]string{p.T("info.tiles"), p.T("info.tiles_value", "Tiles", strings.Join(info.Tiles, " "), "Count", info.Length)},
		[2]string{p.T("info.alphagram"), info.Alphagram},
		[2]string{p.T("info.points"), p.Int(info.Points)},
		[2]string{p.T("info.probability"), probabilityText(p, info)},
		[2]string{p.T("info.rank"), rankText(p, info)},
		[2]string{p.T("info.anagrams"), orDash(strings.Join(info.Anagrams, " "))},
		[2]string{p.T("info.front_hooks"), orDash(hookList(info.Front))},
		[2]string{p.T("info.back_hooks"), orDash(hookList(info.Back))},
	)
	if len(info.Families) > 0 {
		pairs = append(pairs, [2]string{p.T("family.info.label"), FamilyText(p, info.Families)})
	}
	return doc.KV(pairs...)
}

// hookList is "S (CHICOS) Z (...)": each hook with the word it makes.
func hookList(hs []lexicon.HookJSON) string {
	out := make([]string, len(hs))
	for i, h := range hs {
		out[i] = h.Hook + " (" + h.Word + ")"
	}
	return strings.Join(out, " ")
}

// rankText is "14 of 15 words of 4 tiles", or why there is no rank.
func rankText(p *i18n.Printer, info WordInfo) string {
	of := p.N("info.words_of_length", info.WordsOfLength, "Tiles", p.N("count.tiles", info.Length))
	if info.Rank == nil {
		return p.T("info.no_rank", "Of", of)
	}
	return p.T("info.rank_value", "Rank", p.Int(*info.Rank), "Of", of)
}

// probabilityText is "0.0002573 (1,009 combinations; 1 in 3,886)".
func probabilityText(p *i18n.Printer, info WordInfo) string {
	if info.Combinations == 0 {
		return p.T("info.impossible")
	}
	return p.T("info.probability_value", "Probability", p.Significant(info.Probability, 4),
		"Combinations", p.N("info.combinations", int(min(info.Combinations, math.MaxInt))),
		"OneIn", p.Float(math.Round(1/info.Probability), 0)) // past int for long words
}
