package equity

import (
	"encoding/binary"
	"math"

	"github.com/atril-scrabble/atril/lexicon"
)

// Default is the built-in leave model: a hand-made placeholder until leaves learned from
// self-play exist, written with the Spanish set in mind. A leave is worth the sum of
//   - a value per tile (below): blanks and S high, E/R/N/A/L mildly good, awkward tiles
//     (Q, Ñ, X, the digraphs CH/LL/RR, V) negative; letters not in the table are valued from
//     their points (1.5 - 0.75 x points, so heavy tiles are awkward);
//   - minus 3 for each repeated copy of a letter (4 for vowels; blanks are not penalised);
//   - minus 2 for each step the vowel/consonant split is off by more than one (blanks count as
//     either);
//   - minus 4 for a Q kept without a U.
type Default struct {
	value [lexicon.MaxLetters + 1]float64
	vowel [lexicon.MaxLetters + 1]bool
	q, u  lexicon.Tile
}

// defaultTileValues are the per-tile values for the labels of the FISE set.
var defaultTileValues = map[string]float64{
	"?": 24, "S": 7.5, "E": 3, "R": 2, "N": 1.5, "A": 1.5, "L": 1, "D": 0.5, "C": 0.5,
	"T": 0.5, "Z": 1.5, "O": 0, "I": -0.5, "M": 0, "P": -0.5, "B": -1, "J": -0.5,
	"H": -1.5, "G": -1.5, "Y": -1.5, "F": -2, "U": -3, "V": -4, "CH": -3, "X": -3,
	"RR": -3.5, "LL": -4, "Ñ": -4.5, "Q": -7,
}

// NewDefault is the built-in model for a tile set.
func NewDefault(ts *lexicon.TileSet) *Default {
	d := &Default{}
	for t := 0; t < ts.Size() && t <= lexicon.MaxLetters; t++ {
		d.vowel[t] = ts.IsVowel(lexicon.Tile(t))
		label := ts.Label(lexicon.Tile(t))
		if v, ok := defaultTileValues[label]; ok {
			d.value[t] = v
		} else {
			d.value[t] = 1.5 - 0.75*float64(ts.Points(lexicon.Tile(t)))
		}
	}
	d.q, _ = ts.Tile("Q")
	d.u, _ = ts.Tile("U")
	return d
}

// defaultRules names the model's rules beyond its per-tile values (the numbers in LeaveValue),
// so that changing one changes Checksum.
const defaultRules = "duplicate -3, vowel -4; balance beyond 1: -2 a step, blanks either; Q without U -4"

// Checksum identifies the model's values for its tile set: a CRC-32C of its per-tile values,
// which tiles are vowels, its Q and U, and its rules.
func (d *Default) Checksum() string {
	var b []byte
	for t := range d.value {
		b = binary.LittleEndian.AppendUint64(b, math.Float64bits(d.value[t]))
		if d.vowel[t] {
			b = append(b, 1)
		} else {
			b = append(b, 0)
		}
	}
	b = append(b, byte(d.q), byte(d.u))
	return crc32c(append(b, defaultRules...))
}

// LeaveValue implements Leaves.
func (d *Default) LeaveValue(leave []lexicon.Tile) float64 {
	var seen [lexicon.MaxLetters + 1]uint8
	v := 0.0
	vowels, consonants := 0, 0
	hasQ, hasU := false, false
	for _, t := range leave {
		if t.IsBlanked() {
			t = lexicon.Blank
		}
		if int(t) >= len(seen) {
			continue
		}
		v += d.value[t]
		if t != lexicon.Blank {
			if seen[t] > 0 {
				if d.vowel[t] {
					v -= 4
				} else {
					v -= 3
				}
			}
			if d.vowel[t] {
				vowels++
			} else {
				consonants++
			}
			if d.q != 0 && t == d.q {
				hasQ = true
			}
			if d.u != 0 && t == d.u {
				hasU = true
			}
		}
		seen[t]++
	}
	blanks := int(seen[lexicon.Blank])
	diff := vowels - consonants
	if diff < 0 {
		diff = -diff
	}
	diff -= blanks // a blank can balance either way
	if diff > 1 {
		v -= 2 * float64(diff-1)
	}
	if hasQ && !hasU {
		v -= 4
	}
	return v
}
