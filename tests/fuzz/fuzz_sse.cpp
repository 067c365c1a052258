// Arbitrary bytes fed to SseParser in pieces of arbitrary size, and the events on to both
// providers' stream decoders. The first byte seeds the piece sizes.
#include "core/llm/anthropicprotocol.h"
#include "core/llm/openaiprotocol.h"
#include "core/llm/sseparser.h"

#include <cstddef>
#include <cstdint>

using namespace sqlmend::core;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0)
        return 0;
    uint32_t state = data[0] | 1u;
    const char *bytes = reinterpret_cast<const char *>(data + 1);
    const qsizetype length = qsizetype(size - 1);

    // Small limits so the overflow paths are reached too.
    SseParser parser(4096, 8192);
    const auto openAi = OpenAiProtocol().streamDecoder();
    const auto anthropic = AnthropicProtocol().streamDecoder();
    qsizetype total = 0;
    auto consume = [&](const QList<SseEvent> &events) {
        for (const SseEvent &event : events) {
            total += event.data.size();
            openAi->decode(event);
            anthropic->decode(event);
        }
    };
    qsizetype offset = 0;
    while (offset < length) {
        state = state * 1103515245u + 12345u;
        const qsizetype piece = qMin<qsizetype>(length - offset, 1 + (state >> 16) % 64);
        consume(parser.feed(QByteArrayView(bytes + offset, piece)));
        offset += piece;
        if (parser.bufferedBytes() > 4096 + 8192 + 16)
            __builtin_trap(); // memory must stay bounded
    }
    consume(parser.finish());
    if (total > length)
        __builtin_trap(); // events cannot hold more bytes than came in
    openAi->reply();
    anthropic->reply();
    return 0;
}
