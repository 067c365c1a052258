#pragma once

#include "core/errors/diagnosis.h"
#include "core/repair/repairstep.h"
#include "core/sql/statementguard.h"

#include <QString>

// What the repair steps' tests share: a schema shaped like Spider's pets, flights and poker
// databases, and the input a step gets, with the diagnosis made from the engine's own message.
namespace sqlmend::test {

inline core::SchemaNames::Table table(const QString &name, const QStringList &columns,
                                      const QStringList &types, const QStringList &key = {},
                                      const QList<core::SchemaNames::ForeignKey> &keys = {})
{
    core::SchemaNames::Table t;
    t.name = name;
    t.columns = columns;
    t.columnTypes = types;
    t.primaryKey = key;
    t.foreignKeys = keys;
    return t;
}

inline core::SchemaNames repairSchema()
{
    using namespace Qt::StringLiterals;
    core::SchemaNames schema;
    schema.tables = {
            table(u"Student"_s, {u"StuID"_s, u"LName"_s, u"Fname"_s, u"Age"_s, u"Sex"_s},
                  {u"INTEGER"_s, u"TEXT"_s, u"TEXT"_s, u"INTEGER"_s, u"TEXT"_s}, {u"StuID"_s}),
            table(u"Has_Pet"_s, {u"StuID"_s, u"PetID"_s}, {u"INTEGER"_s, u"INTEGER"_s}, {},
                  {{{u"StuID"_s}, u"Student"_s, {u"StuID"_s}},
                   {{u"PetID"_s}, u"Pets"_s, {u"PetID"_s}}}),
            table(u"Pets"_s, {u"PetID"_s, u"PetType"_s, u"pet_age"_s, u"weight"_s},
                  {u"INTEGER"_s, u"TEXT"_s, u"INTEGER"_s, u"REAL"_s}, {u"PetID"_s}),
            table(u"airlines"_s, {u"uid"_s, u"Airline"_s, u"Abbreviation"_s, u"Country"_s},
                  {u"INTEGER"_s, u"TEXT"_s, u"TEXT"_s, u"TEXT"_s}, {u"uid"_s}),
            table(u"flights"_s, {u"Airline"_s, u"FlightNo"_s, u"SourceAirport"_s, u"DestAirport"_s},
                  {u"INTEGER"_s, u"INTEGER"_s, u"TEXT"_s, u"TEXT"_s}),
            table(u"people"_s, {u"People_ID"_s, u"Name"_s, u"Height"_s},
                  {u"INTEGER"_s, u"TEXT"_s, u"REAL"_s}, {u"People_ID"_s}),
            table(u"poker_player"_s, {u"Poker_Player_ID"_s, u"People_ID"_s, u"Earnings"_s},
                  {u"INTEGER"_s, u"INTEGER"_s, u"REAL"_s}, {u"Poker_Player_ID"_s},
                  {{{u"People_ID"_s}, u"people"_s, {u"People_ID"_s}}}),
            // A table whose name starts another's columns: player_id may be its id, or
            // poker_player's Poker_Player_ID.
            table(u"player"_s, {u"id"_s, u"Name"_s}, {u"INTEGER"_s, u"TEXT"_s}, {u"id"_s}),
    };
    return schema;
}

// Spider's course_teach and flight_2 shapes, and a table whose key points at the other way.
inline core::SchemaNames schoolSchema()
{
    using namespace Qt::StringLiterals;
    core::SchemaNames schema = repairSchema();
    schema.tables.append({
            table(u"teacher"_s, {u"Teacher_ID"_s, u"Name"_s}, {u"INTEGER"_s, u"TEXT"_s},
                  {u"Teacher_ID"_s}),
            table(u"course"_s, {u"Course_ID"_s, u"Course"_s}, {u"INTEGER"_s, u"TEXT"_s},
                  {u"Course_ID"_s}),
            table(u"course_arrange"_s, {u"Course_ID"_s, u"Teacher_ID"_s, u"Grade"_s},
                  {u"INTEGER"_s, u"INTEGER"_s, u"INTEGER"_s}, {u"Course_ID"_s},
                  {{{u"Course_ID"_s}, u"course"_s, {u"Course_ID"_s}},
                   {{u"Teacher_ID"_s}, u"teacher"_s, {u"Teacher_ID"_s}}}),
            table(u"airports"_s, {u"AirportCode"_s, u"City"_s}, {u"TEXT"_s, u"TEXT"_s},
                  {u"AirportCode"_s}),
            table(u"routes"_s, {u"id"_s, u"SourceAirport"_s, u"DestAirport"_s},
                  {u"INTEGER"_s, u"TEXT"_s, u"TEXT"_s}, {u"id"_s},
                  {{{u"SourceAirport"_s}, u"airports"_s, {u"AirportCode"_s}},
                   {{u"DestAirport"_s}, u"airports"_s, {}}}),
            // Each employee's department, and each department's manager: two ways between them.
            table(u"employee"_s, {u"id"_s, u"Title"_s, u"dept_id"_s},
                  {u"INTEGER"_s, u"TEXT"_s, u"INTEGER"_s}, {u"id"_s},
                  {{{u"dept_id"_s}, u"dept"_s, {u"id"_s}}}),
            table(u"dept"_s, {u"id"_s, u"Budget"_s, u"manager_id"_s},
                  {u"INTEGER"_s, u"REAL"_s, u"INTEGER"_s}, {u"id"_s},
                  {{{u"manager_id"_s}, u"employee"_s, {u"id"_s}}}),
            table(u"grade"_s, {u"Course_ID"_s, u"Mark"_s}, {u"INTEGER"_s, u"INTEGER"_s}, {},
                  {{{u"Course_ID"_s}, u"course"_s, {u"Course_ID"_s}}}),
            // A key onto part of a two-column key: a row may meet several sections.
            table(u"section"_s, {u"Course_ID"_s, u"Sec_ID"_s, u"Room"_s},
                  {u"INTEGER"_s, u"INTEGER"_s, u"TEXT"_s}, {u"Course_ID"_s, u"Sec_ID"_s}),
            table(u"enrolment"_s, {u"StuID"_s, u"Course_ID"_s}, {u"INTEGER"_s, u"INTEGER"_s}, {},
                  {{{u"StuID"_s}, u"Student"_s, {u"StuID"_s}},
                   {{u"Course_ID"_s}, u"section"_s, {u"Course_ID"_s}}}),
            // A booking's room: its lab's (a whole key), or one of its course's sections'.
            table(u"lab"_s, {u"Lab_ID"_s, u"Room"_s}, {u"INTEGER"_s, u"TEXT"_s}, {u"Lab_ID"_s}),
            table(u"booking"_s, {u"Course_ID"_s, u"Lab_ID"_s, u"Hours"_s},
                  {u"INTEGER"_s, u"INTEGER"_s, u"INTEGER"_s}, {},
                  {{{u"Course_ID"_s}, u"section"_s, {u"Course_ID"_s}},
                   {{u"Lab_ID"_s}, u"lab"_s, {u"Lab_ID"_s}}}),
    });
    return schema;
}

// Spider's network_1: friendships and likes link high schoolers, and their keys call one a
// student (Friend.student_id and Likes.student_id onto Highschooler.ID).
inline core::SchemaNames networkSchema()
{
    using namespace Qt::StringLiterals;
    const QString integer = u"INTEGER"_s;
    core::SchemaNames schema;
    schema.tables = {
            table(u"Highschooler"_s, {u"ID"_s, u"name"_s, u"grade"_s},
                  {integer, u"TEXT"_s, integer}, {u"ID"_s}),
            table(u"Friend"_s, {u"student_id"_s, u"friend_id"_s}, {integer, integer},
                  {u"student_id"_s, u"friend_id"_s},
                  {{{u"student_id"_s}, u"Highschooler"_s, {u"ID"_s}},
                   {{u"friend_id"_s}, u"Highschooler"_s, {u"ID"_s}}}),
            table(u"Likes"_s, {u"student_id"_s, u"liked_id"_s}, {integer, integer},
                  {u"student_id"_s, u"liked_id"_s},
                  {{{u"student_id"_s}, u"Highschooler"_s, {}},
                   {{u"liked_id"_s}, u"Highschooler"_s, {u"ID"_s}}}),
    };
    return schema;
}

// MariaDB's and MySQL's syntax error: the statement quoted from where the parser stopped.
inline QString mariadbSyntaxError(const QString &near)
{
    return QStringLiteral("You have an error in your SQL syntax; check the manual that corresponds "
                          "to your MariaDB server version for the right syntax to use near '")
            + near + QStringLiteral("' at line 1");
}

// The step's input for sql, which the engine rejected with message.
inline core::RepairInput repairInput(const QString &sql, const QString &message,
                                     const core::SchemaNames *schema,
                                     core::Engine engine = core::Engine::SQLite)
{
    core::DiagnoseOptions options;
    options.statement = sql;
    const core::Diagnosis diagnosis =
            core::diagnose(core::EngineError::fromText(engine, message), schema, options);
    return core::RepairInput(sql, engine, diagnosis, schema);
}

// The step's input for sql that SQLMend's guard refused on SQLite before any engine saw it (a
// reply that is not one statement), or none where the guard lets it through.
inline std::optional<core::RepairInput> guardRefusedInput(const QString &sql,
                                                          const core::SchemaNames *schema)
{
    const core::GuardVerdict verdict = core::StatementGuard::check(sql, core::Engine::SQLite);
    if (verdict.allowed)
        return std::nullopt;
    core::DiagnoseOptions options;
    options.statement = sql;
    const core::Diagnosis diagnosis =
            core::diagnose(verdict.toEngineError(core::Engine::SQLite), schema, options);
    return std::make_optional<core::RepairInput>(sql, core::Engine::SQLite, diagnosis, schema);
}

} // namespace sqlmend::test

// The data-driven body every step's test shares: the proposed statement for the row's sql and
// message on schemaNames, or none where repaired is empty.
#define SQLMEND_REPAIR_TEST_ON(Step, schemaNames) \
    QFETCH(QString, sql); \
    QFETCH(QString, message); \
    QFETCH(QString, repaired); \
    QFETCH(int, engine); \
    const sqlmend::core::SchemaNames schema = schemaNames; \
    const auto proposed = Step().propose( \
            sqlmend::test::repairInput(sql, message, &schema, sqlmend::core::Engine(engine))); \
    if (repaired.isEmpty()) { \
        QVERIFY2(!proposed, qPrintable(proposed ? proposed->sql : QString())); \
    } else { \
        QVERIFY(proposed); \
        QCOMPARE(proposed->sql, repaired); \
        QCOMPARE(proposed->step, Step().name()); \
    }

#define SQLMEND_REPAIR_TEST(Step) SQLMEND_REPAIR_TEST_ON(Step, sqlmend::test::repairSchema())

#define SQLMEND_REPAIR_COLUMNS() \
    QTest::addColumn<QString>("sql"); \
    QTest::addColumn<QString>("message"); \
    QTest::addColumn<QString>("repaired"); \
    QTest::addColumn<int>("engine")
