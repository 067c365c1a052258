#pragma once

#include <QHash>
#include <QList>
#include <QMetaType>
#include <QString>
#include <QStringList>

#include <iterator>
#include <memory>
#include <optional>

namespace sqlmend::core {

// The plain values a schema catalog is made of. They cross threads by copy.

struct CatalogColumn
{
    QString name;
    QString type; // as the engine spells it ("integer", "varchar(40)", "TEXT")
    bool nullable = true;
    int primaryKeyPosition = 0; // 1-based position in the primary key; 0 when not part of it
    QString defaultValue;       // the default expression, empty when none or not cheap to read
    QString comment;

    bool isPrimaryKey() const { return primaryKeyPosition > 0; }
    friend bool operator==(const CatalogColumn &, const CatalogColumn &) = default;
};

// The text of one catalog, each distinct string held once: a column name that 10,000 tables
// share, or a type, is one entry that their columns refer to by number. Number 0 is the empty
// string. The tables of one load share one pool; once sealed it is never written again (a
// CatalogColumns that must change a shared sealed pool copies it first).
class CatalogStrings
{
public:
    CatalogStrings();

    quint32 intern(const QString &text);
    // The pooled copy of text: equal strings then share one buffer.
    QString shared(const QString &text) { return m_strings.at(intern(text)); }
    const QString &at(quint32 id) const { return m_strings.at(id); }
    qsizetype size() const { return m_strings.size(); }
    const QList<QString> &strings() const { return m_strings; }

    // Loading is done: the pool may now be read from any thread, and the lookup table goes.
    void seal();
    bool isSealed() const { return m_sealed; }

    // A sealed pool over these strings (the first, when not empty, becomes number 1).
    static std::shared_ptr<CatalogStrings> fromStrings(QList<QString> strings);
    std::shared_ptr<CatalogStrings> unsealedCopy() const;

private:
    QList<QString> m_strings;
    QHash<QString, quint32> m_ids; // built on demand; empty once sealed
    bool m_sealed = false;
};

// A table's columns, compact: each column is a 12-byte record of numbers into the
// CatalogStrings that the tables of one catalog share (four strings would be 96 bytes); the few
// columns with a default or a comment have a second record beside. Reads hand out CatalogColumn
// values whose strings share the pool's buffers.
class CatalogColumns
{
public:
    // The records as held (and as the catalog cache stores them, byte for byte).
    struct Packed
    {
        enum Flag : quint8 { Nullable = 1, HasExtra = 2 };
        quint32 name = 0;
        quint32 type = 0;
        quint16 primaryKeyPosition = 0;
        quint8 flags = Nullable;
        quint8 reserved = 0; // always zero
        friend bool operator==(const Packed &, const Packed &) = default;
    };
    struct Extra
    {
        quint32 column = 0; // position in the table; the list is ordered by it
        quint32 defaultValue = 0;
        quint32 comment = 0;
        friend bool operator==(const Extra &, const Extra &) = default;
    };

    class const_iterator
    {
    public:
        using iterator_category = std::forward_iterator_tag;
        using value_type = CatalogColumn;
        using difference_type = qsizetype;
        using pointer = void;
        using reference = CatalogColumn;

        const_iterator() = default;
        const_iterator(const CatalogColumns *columns, qsizetype at) : m_columns(columns), m_at(at)
        {
        }
        CatalogColumn operator*() const { return m_columns->at(m_at); }
        const_iterator &operator++()
        {
            ++m_at;
            return *this;
        }
        const_iterator operator++(int)
        {
            const_iterator before = *this;
            ++m_at;
            return before;
        }
        friend bool operator==(const const_iterator &, const const_iterator &) = default;

    private:
        const CatalogColumns *m_columns = nullptr;
        qsizetype m_at = 0;
    };

    CatalogColumns() = default;
    // Columns whose text goes into strings (shared with the other tables of a load).
    explicit CatalogColumns(std::shared_ptr<CatalogStrings> strings);

    qsizetype size() const { return m_columns.size(); }
    bool isEmpty() const { return m_columns.isEmpty(); }
    CatalogColumn at(qsizetype i) const;
    CatalogColumn first() const { return at(0); }
    CatalogColumn last() const { return at(size() - 1); }
    // Without building a CatalogColumn: what lists, filters and writers read most.
    const QString &name(qsizetype i) const;
    const QString &type(qsizetype i) const;
    const QString &defaultValue(qsizetype i) const;
    const QString &comment(qsizetype i) const;
    bool isNullable(qsizetype i) const { return m_columns.at(i).flags & Packed::Nullable; }
    int primaryKeyPosition(qsizetype i) const { return m_columns.at(i).primaryKeyPosition; }
    quint32 nameId(qsizetype i) const { return m_columns.at(i).name; }
    // The first column of that name, or -1.
    qsizetype indexOf(QStringView name, Qt::CaseSensitivity cs = Qt::CaseSensitive) const;
    QStringList names() const;

    void append(const CatalogColumn &column);
    // For a loader that interned the text into strings() itself.
    void appendInterned(quint32 name, quint32 type, bool nullable, int primaryKeyPosition,
                        quint32 defaultValue = 0, quint32 comment = 0);
    void setPrimaryKeyPosition(qsizetype i, int position);
    void reserve(qsizetype size) { m_columns.reserve(size); }
    void squeeze();
    void clear();

    const_iterator begin() const { return {this, 0}; }
    const_iterator end() const { return {this, size()}; }

    const std::shared_ptr<CatalogStrings> &strings() const { return m_strings; }
    // For the catalog cache: the records as stored, over a pool restored beside them.
    const QList<Packed> &packedColumns() const { return m_columns; }
    const QList<Extra> &extras() const { return m_extras; }
    static CatalogColumns fromPacked(std::shared_ptr<CatalogStrings> strings, QList<Packed> columns,
                                     QList<Extra> extras);

    friend bool operator==(const CatalogColumns &a, const CatalogColumns &b);

private:
    CatalogStrings &writableStrings();
    const Extra *extra(qsizetype i) const;

    std::shared_ptr<CatalogStrings> m_strings;
    QList<Packed> m_columns;
    QList<Extra> m_extras;
};

struct CatalogForeignKey
{
    QString name; // the constraint name where the engine has one
    QStringList columns;
    QString referencedSchema;
    QString referencedTable;
    QStringList referencedColumns; // empty when the reference is the target's primary key
    friend bool operator==(const CatalogForeignKey &, const CatalogForeignKey &) = default;
};

enum class CatalogTableKind {
    Table,
    View,
    MaterializedView,
    ForeignTable,
    DistributedTable, // ClickHouse: rows live in local tables on the cluster's shards
};

struct CatalogTable
{
    QString schema;
    QString name;
    CatalogTableKind kind = CatalogTableKind::Table;
    qint64 rowEstimate = -1; // from the engine's statistics; -1 when unknown (never count(*))
    QString comment;
    QString engine; // the storage engine where the server names one per table ("MergeTree")
    CatalogColumns columns;
    QList<CatalogForeignKey> foreignKeys;

    bool isView() const
    {
        return kind == CatalogTableKind::View || kind == CatalogTableKind::MaterializedView;
    }
    std::optional<CatalogColumn> findColumn(QStringView columnName) const;
    QStringList columnNames() const { return columns.names(); }
    friend bool operator==(const CatalogTable &, const CatalogTable &) = default;
};

// "table", "view", "materialized_view", "foreign_table", "distributed_table": stable, written to
// JSON.
QString catalogTableKindName(CatalogTableKind kind);

// The tables of one schema in a compact binary form (one pool of strings, then the column
// records as they are held), for the catalog cache. deserializeCatalogTables() returns nothing
// for bytes that are damaged or were written by another kind of machine.
QByteArray serializeCatalogTables(const QList<CatalogTable> &tables);
std::optional<QList<CatalogTable>> deserializeCatalogTables(QByteArrayView bytes);

} // namespace sqlmend::core

Q_DECLARE_METATYPE(sqlmend::core::CatalogTable)
