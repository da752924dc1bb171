module github.com/luckycoin/lucky

go 1.26.8

require (
	github.com/aptos-labs/aptos-go-sdk v1.14.0
	golang.org/x/crypto v0.57.0
	golang.org/x/image v0.47.0
	golang.org/x/sync v0.24.0
)

require (
	golang.org/x/sys v0.49.0 // indirect
	golang.org/x/text v0.43.0 // indirect
)
