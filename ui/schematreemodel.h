#pragma once

#include "core/cases/contextsettings.h"
#include "core/schema/businessnotes.h"
#include "core/schema/catalogobjects.h"

#include <QAbstractItemModel>
#include <QHash>
#include <QIcon>

#include <memory>
#include <vector>

namespace sqlmend::ui {

// The schema browser's tree: connection → schema → table or view → columns. Schemas and tables
// load lazily: fetchMore() on a connection or a schema asks for them (schemasRequested,
// tablesRequested), and the answers come back through setSchemas() and setTables(). The model
// never touches a database itself.
//
// Made for catalogs of 50,000 tables: a schema keeps its tables as the catalog delivered them
// and shows them in batches (fetchMore() on a loaded schema shows the next one), so that only
// the rows shown have nodes; columns are rows over the table's own records, without nodes of
// their own. The filter (setFilter) is applied inside the model: it matches each distinct name
// once, whatever the number of tables that repeat it.
class SchemaTreeModel : public QAbstractItemModel
{
    Q_OBJECT

public:
    enum class NodeKind { Connection, Schema, Table, Column, Message };

    enum Roles {
        KindRole = Qt::UserRole + 1, // NodeKind as int
        NameRole,                    // the bare name
        ConnectionRole,              // the session's connection id
        SchemaRole,
        TableRole,
        QualifiedNameRole,   // schema.table for tables, table.column for columns
        ColumnsFilteredRole, // tables: the filter matched some columns, not the table's name
        MarkRole,            // tables: core::TableMark as int (pinned, excluded, none)
        CommentRole,         // tables and columns: the catalog's comment
        NoteRole,            // tables and columns: the note as a prompt shows it (or the comment)
    };

    enum Column { NameColumn, TypeColumn, ColumnCount };

    // Tables shown at once under a schema; fetchMore() shows the next batch.
    static constexpr int BatchSize = 1000;

    explicit SchemaTreeModel(QObject *parent = nullptr);
    ~SchemaTreeModel() override;

    void addConnection(int connection, const QString &name);
    void removeConnection(int connection);
    // Forgets what was loaded under a connection; the next fetch asks again.
    void resetConnection(int connection);
    // The schema names. The default schema's tables come with the list (Session::loadSchemas
    // sends them right after it), so that schema waits for them instead of asking again.
    void setSchemas(int connection, const QStringList &schemas, const QString &defaultSchema);
    void setTables(int connection, const QString &schema, const QList<core::CatalogTable> &tables);
    // Shows why a load failed under the connection or the schema (empty schema: the connection).
    void setLoadFailed(int connection, const QString &schema, const QString &message);
    // The business notes of the connection's database: shown in the tooltips of the names they
    // describe (NoteRole).
    void setNotes(int connection, const core::BusinessNotes &notes);
    core::BusinessNotes notes(int connection) const;

    // The connection's pins and excludes: pinned tables in bold, excluded ones struck out, and
    // the mark in words beside them.
    void setTableMarks(int connection, const core::ContextSettings &marks);
    core::ContextSettings tableMarks(int connection) const { return m_marks.value(connection); }

    // Shows only the tables whose name, or one of whose columns' names, contains text (case
    // insensitive), with the matching columns; empty shows everything again.
    void setFilter(const QString &text);
    QString filter() const { return m_filter; }
    // The tables of the schema that the filter lets through, shown or not yet.
    int matchingTableCount(int connection, const QString &schema) const;

    QModelIndex connectionIndex(int connection) const;
    QModelIndex schemaIndex(int connection, const QString &schema) const;
    // The table's row, when it is shown (a later batch, or filtered out: invalid).
    QModelIndex tableIndex(int connection, const QString &schema, const QString &table) const;

    QModelIndex index(int row, int column, const QModelIndex &parent = {}) const override;
    QModelIndex parent(const QModelIndex &child) const override;
    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    bool hasChildren(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;
    bool canFetchMore(const QModelIndex &parent) const override;
    void fetchMore(const QModelIndex &parent) override;

Q_SIGNALS:
    void schemasRequested(int connection);
    void tablesRequested(int connection, const QString &schema);
    // After setFilter() has replaced the shown tables.
    void filterApplied(const QString &text);

private:
    struct Node;
    struct Icons;

    Node *nodeOf(const QModelIndex &index) const;
    // A column row's table node and the column's position in the table, or null.
    Node *columnTableOf(const QModelIndex &index, qsizetype *column) const;
    QModelIndex indexOf(const Node *node, int column = 0) const;
    Node *findConnection(int connection) const;
    Node *findSchema(int connection, const QString &schema) const;
    void clearChildren(Node *node);
    void setMessage(Node *node, const QString &message);
    void revealTables(Node *schema, int count);
    void applyFilter(Node *schema);
    std::vector<int> matchingTables(const QList<core::CatalogTable> &tables) const;
    std::vector<int> matchingColumns(const core::CatalogTable &table) const;
    const std::vector<bool> &
    matchingStrings(const std::shared_ptr<core::CatalogStrings> &strings) const;
    int shownColumnCount(const Node *table) const;
    qsizetype columnAt(const Node *table, int row) const;
    QVariant nodeData(const Node *node, int column, int role) const;
    core::TableMark markOf(const Node *node) const;
    QVariant columnData(const Node *table, qsizetype column, int role) const;
    QString foreignKeyOf(const core::CatalogTable &table, const QString &column) const;
    const core::BusinessNote *noteOf(const Node *node, const QString &table,
                                     const QString &column) const;
    QStringList noteLines(const core::BusinessNote *note) const;
    const Icons &icons() const;

    std::unique_ptr<Node> m_root;
    QHash<int, core::ContextSettings> m_marks; // per connection
    QString m_filter;
    bool m_revealing = false;
    // Per string pool, which of its strings contain the filter: each name is tested once.
    mutable std::vector<std::pair<std::shared_ptr<core::CatalogStrings>, std::vector<bool>>>
            m_matches;
    mutable std::unique_ptr<Icons> m_icons;
};

} // namespace sqlmend::ui
