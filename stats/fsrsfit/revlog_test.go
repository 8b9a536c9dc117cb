package fsrsfit

import (
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/atril-scrabble/atril/internal/fileio"
)

type zeros struct{}

func (zeros) Read(p []byte) (int, error) { clear(p); return len(p), nil }

// TestReadRevlogCSV: RFC 4180 quoting is read, a required column named twice is refused,
// endless input stops at the line cap naming the file, and a runaway field is quoted short.
func TestReadRevlogCSV(t *testing.T) {
	t.Parallel()
	quoted := "\"card_id\",\"review_th\",delta_t,rating,\"note, with a comma\"\n\"7\",1,-1,\"3\",\"said \"\"hi\"\"\nover two lines\"\n7,2,3,1,\n"
	rs, err := ReadRevlog(strings.NewReader(quoted), "log.csv")
	if err != nil || len(rs) != 2 || rs[0] != (Review{Card: 7, Order: 1, DeltaT: -1, Rating: 3}) || rs[1].Order != 2 {
		t.Fatalf("quoted fields: %+v %v", rs, err)
	}
	_, err = ReadRevlog(strings.NewReader("card_id,review_th,delta_t,rating,rating\n1,1,-1,3,4\n"), "log.csv")
	if err == nil || !strings.Contains(err.Error(), "log.csv:1: column rating appears twice") {
		t.Errorf("duplicated column: %v", err)
	}
	_, err = ReadRevlog(zeros{}, "/dev/zero")
	if !errors.As(err, new(*fileio.LineTooLongError)) || !strings.Contains(err.Error(), "/dev/zero:1: a line longer than 64 KiB") {
		t.Errorf("endless input: %v", err)
	}
	_, err = ReadRevlog(io.MultiReader(strings.NewReader("card_id,review_th,delta_t,rating\n1,1,"), strings.NewReader(strings.Repeat("x", 60_000)+",3\n")), "log.csv")
	if err == nil || !strings.Contains(err.Error(), `log.csv:2: delta_t "xxxx`) || len(err.Error()) > 200 {
		t.Errorf("a long bad field: %.300v", err)
	}
}
