// Feeds arbitrary bytes through what reads a rejected statement: the diagnosis with the statement
// (its advice reads the tokens where the engine stopped), every repair step, and the answer
// checks that read a statement. Byte 0 picks the engine; the engine's message runs to the first
// '\n', the statement is the rest. Each runs with the schema and without it.

#include "core/errors/diagnosis.h"
#include "core/exec/answercheck.h"
#include "core/repair/repairs.h"
#include "tests/core/repair/repairtesting.h"

#include <cstddef>
#include <cstdint>

using namespace sqlmend::core;
using namespace Qt::StringLiterals;
using sqlmend::test::table; // the repair tests' table of names, types and keys

namespace {

// Keys and types, for the steps and checks that follow them.
const SchemaNames &fuzzSchema()
{
    static const SchemaNames schema = [] {
        SchemaNames names;
        names.tables = {
                table(u"people"_s, {u"People_ID"_s, u"Name"_s, u"Height"_s},
                      {u"INTEGER"_s, u"TEXT"_s, u"REAL"_s}, {u"People_ID"_s}),
                table(u"poker_player"_s, {u"Poker_Player_ID"_s, u"People_ID"_s, u"Earnings"_s},
                      {u"INTEGER"_s, u"INTEGER"_s, u"REAL"_s}, {u"Poker_Player_ID"_s},
                      {{{u"People_ID"_s}, u"people"_s, {u"People_ID"_s}}}),
                table(u"singer"_s, {u"Singer_ID"_s, u"Name"_s, u"Song_Name"_s},
                      {u"int"_s, u"text"_s, u"text"_s}, {u"Singer_ID"_s}),
                table(u"concert"_s, {u"concert_ID"_s, u"concert_Name"_s}, {u"int"_s, u"text"_s},
                      {u"concert_ID"_s}),
                // A table that links two others (join_through_key reads through its keys).
                table(u"singer_in_concert"_s, {u"concert_ID"_s, u"Singer_ID"_s},
                      {u"int"_s, u"text"_s}, {u"concert_ID"_s, u"Singer_ID"_s},
                      {{{u"Singer_ID"_s}, u"singer"_s, {u"Singer_ID"_s}},
                       {{u"concert_ID"_s}, u"concert"_s, {u"concert_ID"_s}}}),
                // Two tables whose keys call a singer a performer (table_named_by_keys).
                table(u"award"_s, {u"performer_ID"_s, u"Year"_s}, {u"int"_s, u"int"_s},
                      {u"performer_ID"_s, u"Year"_s},
                      {{{u"performer_ID"_s}, u"singer"_s, {u"Singer_ID"_s}}}),
                table(u"tour_stop"_s, {u"performer_ID"_s, u"City"_s}, {u"int"_s, u"text"_s},
                      {u"performer_ID"_s, u"City"_s}, {{{u"performer_ID"_s}, u"singer"_s, {}}}),
        };
        names.functions = {u"avg"_s, u"count"_s};
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
    const QString text =
            QString::fromUtf8(reinterpret_cast<const char *>(data + 1), qsizetype(size - 1));
    const qsizetype newline = text.indexOf(u'\n');
    const QString message = newline < 0 ? text : text.left(newline);
    const QString statement = newline < 0 ? QString() : text.mid(newline + 1);
    DiagnoseOptions options;
    options.statement = statement;
    for (const SchemaNames *schema : {static_cast<const SchemaNames *>(nullptr), &fuzzSchema()}) {
        const Diagnosis diagnosis =
                diagnose(EngineError::fromText(engine, message), schema, options);
        if (diagnosis.advice.nextStep.isEmpty())
            __builtin_trap();
        const RepairInput input(statement, engine, diagnosis, schema);
        for (const auto &step : Repairs::steps()) {
            const std::optional<Repair> repair = step->propose(input);
            if (repair && repair->step != step->name())
                __builtin_trap();
        }
    }
    AnswerCheck::probes(statement, engine, 3);
    AnswerCheck::comparesWithExtreme(statement, engine);
    AnswerCheck::repeatsFilter(statement, engine);
    AnswerCheck::showsFilter(statement, engine);
    AnswerCheck::extremeOfKey(statement, engine, fuzzSchema());
    AnswerCheck::negatedJoin(statement, engine, fuzzSchema());
    AnswerCheck::outerColumn(statement, engine, fuzzSchema());
    AnswerCheck::chainedComparison(statement, engine);
    AnswerCheck::crossJoin(statement, engine);
    AnswerCheck::oneRowGroups(statement, engine, fuzzSchema());
    AnswerCheck::valueProbes(AnswerCheck::read(statement, engine), fuzzSchema());
    AnswerCheck::showsHaving(statement, engine);
    return 0;
}
