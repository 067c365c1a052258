// Feeds arbitrary bytes through the whole error pipeline (decapsulate, classify, advise, JSON).
// Byte 0 picks the engine; bit 7 of byte 1 says whether the next bytes up to the first '\t' are
// the code; the rest is the message, run with and without a schema.

#include "core/errors/diagnosis.h"

#include <QJsonDocument>

#include <cstddef>
#include <cstdint>

using namespace sqlmend::core;
using namespace Qt::StringLiterals;

namespace {

const SchemaNames &fuzzSchema()
{
    static const SchemaNames schema = [] {
        SchemaNames names;
        names.tables = {
                {u"public"_s, u"users"_s, {u"id"_s, u"username"_s, u"email"_s}, false},
                {u"public"_s, u"orders"_s, {u"id"_s, u"user_id"_s, u"status"_s, u"total"_s}, false},
                {u"shop"_s, u"order_items"_s, {u"order_id"_s, u"quantity"_s}, false},
                {{}, u"daily"_s, {u"day"_s, u"total"_s}, true},
        };
        names.functions = {u"order_total"_s};
        return names;
    }();
    return schema;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 2)
        return 0;
    const auto engine = static_cast<Engine>(data[0] % (int(Engine::Odbc) + 1));
    const bool withCode = data[1] & 0x80;
    QByteArray rest(reinterpret_cast<const char *>(data + 2), qsizetype(size - 2));
    QString code;
    if (withCode) {
        const qsizetype tab = rest.indexOf('\t');
        if (tab >= 0) {
            code = QString::fromUtf8(rest.left(tab));
            rest = rest.mid(tab + 1);
        }
    }
    const EngineError error = EngineError::fromText(engine, QString::fromUtf8(rest), code);
    for (const SchemaNames *schema : {static_cast<const SchemaNames *>(nullptr), &fuzzSchema()}) {
        const Diagnosis diagnosis = diagnose(error, schema);
        const QByteArray json = QJsonDocument(diagnosis.toJson()).toJson(QJsonDocument::Compact);
        if (json.isEmpty() || diagnosis.advice.nextStep.isEmpty())
            __builtin_trap();
        // Advice stays bounded whatever the input.
        if (diagnosis.advice.text().size() > 16 * 1024)
            __builtin_trap();
    }
    // The plain path of the ablation benchmark must hold too.
    const Diagnosis plain = diagnose(error, nullptr, DiagnoseOptions{false});
    if (plain.advice.nextStep.isEmpty())
        __builtin_trap();
    return 0;
}
