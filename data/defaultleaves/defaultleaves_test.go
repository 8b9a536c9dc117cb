package defaultleaves

import (
	"math"
	"strings"
	"testing"

	"github.com/atril-scrabble/atril/engine/equity"
	"github.com/atril-scrabble/atril/lexicon"
)

// The embedded file is a KLV2 table of exactly the 1,170,590 leaves of 1 to 6 tiles of the FISE
// set, each with a finite value, in the order the KLV2 format requires.
func TestEmbeddedTable(t *testing.T) {
	t.Parallel()
	k, err := equity.KLVFromBytes([]byte(KLV2))
	if err != nil {
		t.Fatal(err)
	}
	ts, err := lexicon.LoadTileSet(TileSet)
	if err != nil {
		t.Fatal(err)
	}
	set, err := equity.NewLeaveSet(ts, equity.MaxLeave)
	if err != nil {
		t.Fatal(err)
	}
	if k.Len() != 1_170_590 || set.Len() != k.Len() {
		t.Fatalf("%d values, the FISE set has %d leaves of 1 to 6 tiles", k.Len(), set.Len())
	}
	if st := k.SingleTiles(); len(st) != ts.Size() {
		t.Errorf("%d single-tile leaves, the FISE set has %d kinds", len(st), ts.Size())
	}
	// Rewriting every leave's value as read gives the same bytes: the file holds these leaves
	// and no others, in word order.
	values := make([]float32, set.Len())
	for i := range values {
		v := k.LeaveValue(set.Leave(i))
		if math.IsNaN(v) || math.IsInf(v, 0) || math.Abs(v) > 200 {
			t.Fatalf("leave %s: %v", ts.Notation(set.Leave(i)), v)
		}
		values[i] = float32(v)
	}
	var buf strings.Builder
	if err := set.WriteKLV(&buf, values); err != nil {
		t.Fatal(err)
	}
	if buf.String() != KLV2 {
		t.Error("the embedded file is not the FISE leave set's table of its own values")
	}
}
