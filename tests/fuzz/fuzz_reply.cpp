// A model's reply in any shape: the body parsers of both providers, the error classifier and
// the SQL extractor must return a value or a clear failure, never crash or hang.
#include "core/llm/anthropicprotocol.h"
#include "core/llm/llmerror.h"
#include "core/llm/openaiprotocol.h"
#include "core/llm/replyparser.h"

#include <cstddef>
#include <cstdint>

using namespace sqlmend::core;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray bytes(reinterpret_cast<const char *>(data), qsizetype(size));
    const QString text = QString::fromUtf8(bytes);

    const Result<ExtractedSql> sql = ReplyParser::extract(text);
    if (sql.hasValue() && sql->sql.trimmed().isEmpty())
        __builtin_trap(); // success means some SQL was found
    if (!sql.hasValue() && sql.error().message.isEmpty())
        __builtin_trap(); // a failure always explains itself

    const ChatResult openAi = OpenAiProtocol().parseBody(bytes);
    if (openAi.hasValue())
        ReplyParser::extract(openAi->text);
    AnthropicProtocol().parseBody(bytes);
    const LlmError error = LlmError::fromHttp(429, bytes);
    if (error.message.isEmpty())
        __builtin_trap();
    return 0;
}
