package lexicon

import (
	"encoding/binary"
	"io"
	"unsafe"

	"github.com/atril-scrabble/atril/internal/fileio"
	"github.com/atril-scrabble/atril/internal/i18n"
)

// KWGInPlace views KWG file bytes held in a string (the embedded default) as the node array
// without copying, when the machine is little-endian and the bytes are 4-byte aligned; otherwise
// it decodes a copy. The caller vouches that the bytes are a well-formed KWG (the embedded one is
// checked by tests), so the O(nodes) check is skipped: this is what keeps opening the default
// lexicon to microseconds. Bytes from anywhere else go through KWGFromBytes.
func KWGInPlace(s string) *KWG {
	n := len(s) / 4
	p := unsafe.StringData(s)
	if n > 0 && littleEndian && uintptr(unsafe.Pointer(p))%4 == 0 {
		return &KWG{nodes: unsafe.Slice((*uint32)(unsafe.Pointer(p)), n)}
	}
	nodes := make([]uint32, n)
	for i := range nodes {
		nodes[i] = binary.LittleEndian.Uint32([]byte(s[4*i : 4*i+4]))
	}
	return &KWG{nodes: nodes}
}

var littleEndian = binary.NativeEndian.Uint16([]byte{1, 0}) == 1

// ReadKWGFile loads a .kwg file, checking that it is well formed. On little-endian machines it
// reads the file straight into the node array: one 4 MB buffer instead of two and no decoding
// pass, which is most of what opening a user's lexicon costs.
func ReadKWGFile(path string) (*KWG, error) {
	if !littleEndian {
		return readKWGFileCopy(path)
	}
	f, err := fileio.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	size := st.Size()
	if size%4 != 0 || size < 8 || size > 4*kwgMaxNodes {
		return readKWGFileCopy(path) // for its error message
	}
	nodes := make([]uint32, size/4)
	buf := unsafe.Slice((*byte)(unsafe.Pointer(&nodes[0])), size)
	if _, err := io.ReadFull(f, buf); err != nil {
		return nil, i18n.Wrap(err, "kwg.in_file", "File", path)
	}
	g := &KWG{nodes: nodes}
	if err := g.check(); err != nil {
		return nil, i18n.Wrap(err, "kwg.in_file", "File", path)
	}
	return g, nil
}
