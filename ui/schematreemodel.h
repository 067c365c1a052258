#pragma once

#include "core/schema/catalogobjects.h"

#include <QAbstractItemModel>
#include <QIcon>

#include <memory>
#include <vector>

namespace sqlmend::ui {

// The schema browser's tree: connection → schema → table or view → columns. Schemas and tables
// load lazily: fetchMore() on a connection or a schema asks for them (schemasRequested,
// tablesRequested), and the answers come back through setSchemas() and setTables(). The model
// never touches a database itself.
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
        QualifiedNameRole, // schema.table for tables, table.column for columns
    };

    enum Column { NameColumn, TypeColumn, ColumnCount };

    explicit SchemaTreeModel(QObject *parent = nullptr);
    ~SchemaTreeModel() override;

    void addConnection(int connection, const QString &name);
    void removeConnection(int connection);
    // Forgets what was loaded under a connection; the next fetch asks again.
    void resetConnection(int connection);
    void setSchemas(int connection, const QStringList &schemas, const QString &defaultSchema);
    void setTables(int connection, const QString &schema, const QList<core::CatalogTable> &tables);
    // Shows why a load failed under the connection or the schema (empty schema: the connection).
    void setLoadFailed(int connection, const QString &schema, const QString &message);

    QModelIndex connectionIndex(int connection) const;
    QModelIndex schemaIndex(int connection, const QString &schema) const;
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

private:
    struct Node
    {
        NodeKind kind = NodeKind::Message;
        Node *parent = nullptr;
        std::vector<std::unique_ptr<Node>> children;
        int connection = 0;
        QString name;
        QString schema;
        bool isDefault = false;
        bool loaded = false;  // children known
        bool loading = false; // a request is on its way
        core::CatalogTable table;
        core::CatalogColumn column;
        QString foreignKey; // "orders.user_id → users.id" for columns that reference another
    };

    Node *nodeOf(const QModelIndex &index) const;
    QModelIndex indexOf(const Node *node, int column = 0) const;
    int rowOf(const Node *node) const;
    Node *findConnection(int connection) const;
    Node *findSchema(int connection, const QString &schema) const;
    void replaceChildren(Node *node, std::vector<std::unique_ptr<Node>> children);
    QVariant displayData(const Node *node, int column) const;
    QString toolTip(const Node *node) const;
    QIcon icon(const Node *node) const;

    Node m_root;
    QIcon m_keyIcon;
};

} // namespace sqlmend::ui
