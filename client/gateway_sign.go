package client

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"strconv"
)

// SignGateway computes the gateway signature of spec §5.5:
// lowercase hex SHA-256 of "appKey=K&random=R&time=T".
func SignGateway(appKey, random, timeMillis string) string {
	sum := sha256.Sum256([]byte("appKey=" + appKey + "&random=" + random + "&time=" + timeMillis))
	return hex.EncodeToString(sum[:])
}

// sign returns the signature, time and random of one gateway request: a
// fresh random per request, the time in milliseconds (spec §5.5).
func (c *Client) sign() (sig, ts, random string) {
	ts = strconv.FormatInt(c.cfg.Now().UnixMilli(), 10)
	var b [8]byte
	_, _ = rand.Read(b[:])
	random = hex.EncodeToString(b[:])
	return SignGateway(c.cfg.AppKey, random, ts), ts, random
}
