package lexicon

import (
	"encoding/binary"
	"unsafe"
)

// kwgInPlace views KWG file bytes held in a string (the embedded default) as the node array
// without copying, when the machine is little-endian and the bytes are 4-byte aligned; otherwise
// it decodes a copy. The caller vouches that the bytes are a well-formed KWG (the embedded one is
// checked by tests), so the O(nodes) check is skipped: this is what keeps opening the default
// lexicon to microseconds.
func kwgInPlace(s string) *KWG {
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
